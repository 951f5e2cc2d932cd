import { type JsonSchema, Retention, type ToolContext, ToolOutput } from "@toolkit/core";
import { type EditOptions, type ResolvedEditOptions, resolveEditOptions } from "../edit/edit.js";
import { editFile } from "../edit/edit-file.js";
import { LOOM_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import { FsTool } from "../tool/fs-tool.js";
import { MAX_EDITS } from "../edit/multi-edit.js";
import { fsResourceKey } from "../tool/resource-key.js";

interface EditFileInput {
  path: string;
  edits: Array<{ old_str: string; new_str: string; replace_all?: boolean }>;
}

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: FILE_PATH_PROPERTY,
    edits: {
      type: "array",
      minItems: 1,
      maxItems: MAX_EDITS,
      description: "Edits applied in order, in memory, then written once.",
      items: {
        type: "object",
        properties: {
          old_str: {
            type: "string",
            description: "Text to replace; empty appends new_str (creating the file).",
          },
          new_str: { type: "string", description: "Replacement text." },
          replace_all: { type: "boolean", description: "Replace every occurrence. Default false." },
        },
        required: ["old_str", "new_str"],
        additionalProperties: false,
      },
    },
  },
  required: ["path", "edits"],
  additionalProperties: false,
};

/**
 * Loom's `edit_file`: `{path, edits}` to `{path, edits_applied, original_bytes,
 * new_bytes}`. An empty `old_str` appends (creating the file); there is no
 * read-before-write guard. Same workspace rules and atomic write as Edit.
 */
export class EditFile extends FsTool<EditFileInput> {
  readonly #o: ResolvedEditOptions;

  constructor(options: EditOptions = {}) {
    super({
      name: "edit_file",
      description:
        "Edits a text file and returns JSON {path, edits_applied, original_bytes, new_bytes}, where path is the file's canonical absolute path. Each edit replaces old_str (which must occur exactly once unless replace_all; a replace_all that matches nothing changes nothing) with new_str; an empty old_str appends new_str, creating the file if needed. All edits apply in memory, then the file is written once; if any edit fails nothing is written.",
      inputSchema: SCHEMA,
      aliases: LOOM_ALIASES,
      nestedAliases: ["edits"],
      retention: Retention.Durable,
    });
    this.#o = resolveEditOptions(options);
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["path", "file_path"], this.#o.workspace);
  }

  protected async run(input: EditFileInput, ctx: ToolContext): Promise<ToolOutput> {
    const result = await editFile({
      ctx,
      fs: this.#o,
      tool: "edit_file",
      path: input.path,
      pathField: "path",
      edits: input.edits.map((e) => ({
        oldString: e.old_str,
        newString: e.new_str,
        replaceAll: e.replace_all ?? false,
      })),
      matching: this.#o.matching,
      emptyOld: "append",
      replaceAllNone: "succeed",
      staleGuard: false,
      maxFileBytes: this.#o.maxFileBytes,
      streamFromBytes: this.#o.streamFromBytes,
      names: (i) => ({
        oldField: `edits[${i}].old_str`,
        newField: `edits[${i}].new_str`,
        replaceAllField: `edits[${i}].replace_all`,
      }),
    });
    return ToolOutput.structured({
      path: result.target.path.real,
      edits_applied: input.edits.length,
      original_bytes: result.originalBytes,
      new_bytes: result.newBytes,
    });
  }
}
