import {
  adviceFor,
  isJsonObject,
  type JsonSchema,
  LoomToolError,
  Retention,
  type ToolContext,
  ToolError,
  ToolOutput,
  checkKnownFields,
} from "@toolkit/core";
import { MAX_EDITS } from "../edit/multi-edit.js";
import { openTarget } from "../target/open-target.js";
import { formatBytes } from "../text/line-format.js";
import { LOOM_ALIASES } from "../tool/field-aliases.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { LoomFsTool } from "./loom-fs-tool.js";
import { type LoomTarget, loomTarget } from "./loom-target.js";
import { type LoomEdit, planLoomEdits } from "./plan-loom-edits.js";
import { utf8Strict } from "./utf8-lossy.js";

/** Options for Loom's `edit_file`. */
export interface EditFileOptions extends FsToolOptions {
  /** Larger files are refused: a file is held in memory with its new content. @default 64 MiB */
  maxFileBytes?: number;
}

interface EditFileInput {
  path: string;
  edits: LoomEdit[];
}

/** The Loom document's description and fields, as it shows them (its `doesn’t` included). */
const DESCRIPTION = "Apply snippet-based edits to files.";
const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "Path to file (created if doesn’t exist)" },
    edits: {
      type: "array",
      description: "List of edit operations",
      items: {
        type: "object",
        properties: {
          old_str: { type: "string", description: "Text to find (empty string for new files)" },
          new_str: { type: "string", description: "Replacement text" },
          replace_all: { type: "boolean", description: "Replace all occurrences (default: false)" },
        },
        required: ["old_str", "new_str"],
      },
    },
  },
  required: ["path", "edits"],
};

const EDIT_FIELDS = ["old_str", "new_str", "replace_all"];
/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Loom's `edit_file`: `{path, edits}` to `{path, edits_applied,
 * original_bytes, new_bytes}`. Edits apply in order with Loom's semantics
 * (`planLoomEdits`) to the file's text (strict UTF-8, a BOM kept as it is);
 * a missing file is empty text, so an empty `old_str` creates it. No
 * read-before-write guard. All or nothing: one atomic write, or none.
 */
export class EditFile extends LoomFsTool<EditFileInput> {
  readonly #o: ResolvedFsOptions & { readonly maxFileBytes: number };

  constructor(options: EditFileOptions = {}) {
    super({
      name: "edit_file",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: LOOM_ALIASES,
      nestedAliases: ["edits"],
      retention: Retention.Durable,
    });
    const { maxFileBytes = 64 * 1024 * 1024 } = options;
    positiveInteger("maxFileBytes", maxFileBytes);
    this.#o = { ...resolveFsOptions(options), maxFileBytes };
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["path", "file_path"], this.#o.workspace);
  }

  protected async runLoom(input: EditFileInput, ctx: ToolContext): Promise<ToolOutput> {
    checkEdits(input);
    const target = await loomTarget(ctx, this.#o, input.path);
    const loaded = target.stat ? await this.#load(target) : undefined;
    const plan = planLoomEdits(loaded?.text ?? "", input.edits);
    if (!plan.ok) throw LoomToolError.invalidArguments(plan.message);
    const bytes = Buffer.from(plan.text, "utf8");
    if (!loaded || plan.text !== loaded.text) {
      await this.#o.source.writeFile(target.path.real, bytes, {
        realRoot: target.realRoot,
        shown: target.shown,
        signal: ctx.signal,
        ...(loaded ? { expectVersion: loaded.version } : {}),
      });
    }
    return ToolOutput.structured({
      path: target.path.real,
      edits_applied: input.edits.length,
      original_bytes: loaded?.bytes ?? 0,
      new_bytes: bytes.length,
    });
  }

  /** The file's text as Rust's `read_to_string` gives it, opened and checked by the fs rules. */
  async #load(target: LoomTarget): Promise<{ text: string; bytes: number; version: string }> {
    if (target.stat?.kind === "directory") {
      throw LoomToolError.invalidArguments(`\`path\` "${target.shown}" is a directory, not a file`, {
        advice: "edit_file works on files; use list_files to list a directory.",
      });
    }
    const file = await openTarget(this.#o, target, "path", "edit_file");
    try {
      if (file.stat.size > this.#o.maxFileBytes) {
        throw ToolError.invalidInput(
          `${target.shown} is ${formatBytes(file.stat.size)}, over the ${formatBytes(this.#o.maxFileBytes)} edit limit`,
        );
      }
      const raw = await file.readAll();
      const text = utf8Strict(raw);
      if (text === undefined) {
        throw LoomToolError.invalidArguments(
          `${target.shown} is not valid UTF-8 (binary, or another encoding); it was not changed`,
          {
            advice:
              "edit_file edits UTF-8 text files; read_file shows the bytes with U+FFFD for what is not UTF-8.",
          },
        );
      }
      return { text, bytes: raw.length, version: file.stat.version };
    } finally {
      await file.close();
    }
  }
}

/** Fields, the edit count, and text a UTF-8 file can hold (no lone surrogates). */
function checkEdits(input: EditFileInput): void {
  checkKnownFields(input, ["path", "edits"]);
  if (input.edits.length > MAX_EDITS) {
    throw LoomToolError.invalidArguments(
      `edits holds ${input.edits.length} edits, at most ${MAX_EDITS} are applied in one call`,
      {
        advice: "Split the edits over several edit_file calls.",
      },
    );
  }
  input.edits.forEach((edit, i) => {
    checkKnownFields(edit, EDIT_FIELDS, `edits[${i}].`);
    if (!isJsonObject(edit)) return;
    for (const field of ["old_str", "new_str"] as const) {
      if (LONE_SURROGATE.test(edit[field])) {
        throw LoomToolError.invalidArguments(
          `edits[${i}].${field} holds a lone surrogate, which UTF-8 cannot store`,
          { advice: adviceFor("InvalidInput") },
        );
      }
    }
  });
}
