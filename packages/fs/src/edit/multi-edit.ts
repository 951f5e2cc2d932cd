import { type JsonSchema, Retention, type ToolContext, type ToolOutput } from "@toolkit/core";
import { type EditOptions, type ResolvedEditOptions, resolveEditOptions } from "./edit.js";
import { editFile } from "./edit-file.js";
import { editReply } from "./edit-reply.js";
import { FS_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import { FsTool } from "../tool/fs-tool.js";
import { fsResourceKey } from "../tool/resource-key.js";

interface MultiEditInput {
  file_path: string;
  edits: Array<{ old_string: string; new_string: string; replace_all?: boolean }>;
}

/** Most edits one MultiEdit call may carry. */
export const MAX_EDITS = 50;

const DESCRIPTION = [
  "Makes several replacements in one file in one step: `edits` (1 to 50) are applied in order, each to the",
  "result of the previous one, and the file is written once. All or nothing: if any edit fails (its",
  "`old_string` is not found, or occurs more than once without `replace_all`), nothing is written and the",
  "error names the edit's index. Same rules as Edit (read the file first; an empty `old_string` in the first",
  "edit creates a new file). Replies with a unified diff.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PROPERTY,
    edits: {
      type: "array",
      minItems: 1,
      maxItems: MAX_EDITS,
      description: "The replacements, applied in order.",
      items: {
        type: "object",
        properties: {
          old_string: { type: "string", description: "The exact text to replace." },
          new_string: { type: "string", description: "The text to put in its place." },
          replace_all: { type: "boolean", description: "Replace every occurrence. Default false." },
        },
        required: ["old_string", "new_string"],
        additionalProperties: false,
      },
    },
  },
  required: ["file_path", "edits"],
  additionalProperties: false,
};

/**
 * MultiEdit: ordered edits of one file, all or nothing, one atomic write.
 * Retention `durable`.
 *
 * @example
 * await new MultiEdit().call({ file_path: "a.ts", edits: [{ old_string: "a", new_string: "b" }] }, ctx);
 */
export class MultiEdit extends FsTool<MultiEditInput> {
  readonly #o: ResolvedEditOptions;

  constructor(options: EditOptions = {}) {
    super({
      name: "MultiEdit",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: FS_ALIASES,
      nestedAliases: ["edits"],
      retention: Retention.Durable,
    });
    this.#o = resolveEditOptions(options);
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["file_path", "path"], this.#o.workspace);
  }

  protected async run(input: MultiEditInput, ctx: ToolContext): Promise<ToolOutput> {
    const result = await editFile({
      ctx,
      fs: this.#o,
      tool: "MultiEdit",
      path: input.file_path,
      pathField: "file_path",
      edits: input.edits.map((e) => ({
        oldString: e.old_string,
        newString: e.new_string,
        replaceAll: e.replace_all ?? false,
      })),
      matching: this.#o.matching,
      maxFileBytes: this.#o.maxFileBytes,
      streamFromBytes: this.#o.streamFromBytes,
      names: (i) => ({
        oldField: `edits[${i}].old_string`,
        newField: `edits[${i}].new_string`,
        replaceAllField: `edits[${i}].replace_all`,
      }),
    });
    return editReply(result, "edits[0].old_string");
  }
}
