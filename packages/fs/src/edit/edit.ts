import { type JsonSchema, Retention, type ToolContext, type ToolOutput } from "@toolkit/core";
import type { Matching } from "../match/edit-apply.js";
import { editFile } from "./edit-file.js";
import { editReply } from "./edit-reply.js";
import { FS_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import { fsResourceKey } from "../tool/resource-key.js";

/** Options for `Edit` and `MultiEdit`. */
export interface EditOptions extends FsToolOptions {
  /** `tolerant` retries a failed exact match ignoring leading/trailing whitespace per line. @default "exact" */
  matching?: Matching;
  /**
   * Larger files are refused when they are edited in memory: UTF-16 files and
   * several edits at once (an edit holds several copies of the file). @default 64 MiB
   */
  maxFileBytes?: number;
  /** A single edit of a UTF-8 file larger than this is streamed: memory stays bounded, no size limit. @default 4 MiB */
  streamFromBytes?: number;
}

/** EditOptions with defaults applied. */
export interface ResolvedEditOptions extends ResolvedFsOptions {
  readonly matching: Matching;
  readonly maxFileBytes: number;
  readonly streamFromBytes: number;
}

/** Applies the defaults of the edit tools once. */
export function resolveEditOptions(options: EditOptions): ResolvedEditOptions {
  const { matching = "exact", maxFileBytes = 64 * 1024 * 1024, streamFromBytes = 4 * 1024 * 1024 } = options;
  if (matching !== "exact" && matching !== "tolerant") {
    throw new TypeError(`\`matching\` must be "exact" or "tolerant", got ${JSON.stringify(matching)}`);
  }
  positiveInteger("maxFileBytes", maxFileBytes);
  positiveInteger("streamFromBytes", streamFromBytes);
  return { ...resolveFsOptions(options), matching, maxFileBytes, streamFromBytes };
}

interface EditInput {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

const DESCRIPTION = [
  "Replaces text in a file. `old_string` must occur exactly once in the file (copy it exactly as Read shows it,",
  "after the line-number tab, with the same indentation), or set `replace_all` to change every occurrence.",
  "The file must have been read in this session and not changed since. An empty `old_string` creates a new",
  "file with `new_string` as its content. Line endings (CRLF) and a BOM are kept. Replies with a unified diff.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PROPERTY,
    old_string: { type: "string", description: "The exact text to replace." },
    new_string: {
      type: "string",
      description: "The text to put in its place (must differ from old_string).",
    },
    replace_all: {
      type: "boolean",
      description: "Replace every occurrence instead of exactly one. Default false.",
    },
  },
  required: ["file_path", "old_string", "new_string"],
  additionalProperties: false,
};

/**
 * Edit: one exact (or, with `matching: "tolerant"`, whitespace-tolerant)
 * replacement, behind the stale guard, written atomically. Retention `durable`.
 *
 * @example
 * await new Edit().call({ file_path: "a.ts", old_string: "let x = 1;", new_string: "let x = 2;" }, ctx);
 */
export class Edit extends FsTool<EditInput> {
  readonly #o: ResolvedEditOptions;

  constructor(options: EditOptions = {}) {
    super({
      name: "Edit",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: FS_ALIASES,
      retention: Retention.Durable,
    });
    this.#o = resolveEditOptions(options);
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["file_path", "path"], this.#o.workspace);
  }

  protected async run(input: EditInput, ctx: ToolContext): Promise<ToolOutput> {
    const result = await editFile({
      ctx,
      fs: this.#o,
      tool: "Edit",
      path: input.file_path,
      pathField: "file_path",
      edits: [
        { oldString: input.old_string, newString: input.new_string, replaceAll: input.replace_all ?? false },
      ],
      matching: this.#o.matching,
      maxFileBytes: this.#o.maxFileBytes,
      streamFromBytes: this.#o.streamFromBytes,
      names: () => ({ oldField: "old_string", newField: "new_string", replaceAllField: "replace_all" }),
    });
    return editReply(result, "old_string");
  }
}
