import { DisplayHint, type JsonSchema, Retention, type ToolContext, ToolOutput } from "@toolkit/core";
import { formatCount, lineCount } from "../edit/edit-reply.js";
import { FS_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import { type FsToolOptions, type ResolvedFsOptions, resolveFsOptions } from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import { toLf } from "../text/line-endings.js";
import { formatBytes } from "../text/line-format.js";
import { openTarget } from "../target/open-target.js";
import { loadPrevious, type PreviousContent } from "./previous-content.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { hashBytes, StaleGuard } from "../tool/stale-guard.js";
import { resolveTarget, type Target } from "../target/target.js";
import { encodeText } from "../text/text-codec.js";
import { unifiedDiff } from "../diff/unified-diff.js";

/** Options for `Write`. */
export type WriteOptions = FsToolOptions;

interface WriteInput {
  file_path: string;
  content: string;
}

const DESCRIPTION = [
  "Writes a whole file: creates it (and its parent directories inside the workspace) or replaces its",
  "content. An existing file must have been read in this session and not changed since; otherwise Read it",
  "first. The write is atomic and keeps the file's permissions. Prefer Edit to change part of a file.",
  "Replies with a unified diff of the change.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PROPERTY,
    content: { type: "string", description: "The complete new content of the file." },
  },
  required: ["file_path", "content"],
  additionalProperties: false,
};

/**
 * Write: create or replace a file, atomically, behind the stale guard. An
 * existing file keeps its mode and its encoding (BOM, UTF-16). Retention `durable`.
 *
 * @example
 * await new Write().call({ file_path: "notes/todo.md", content: "# Todo\n" }, ctx);
 */
export class Write extends FsTool<WriteInput> {
  readonly #o: ResolvedFsOptions;

  constructor(options: WriteOptions = {}) {
    super({
      name: "Write",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: FS_ALIASES,
      retention: Retention.Durable,
    });
    this.#o = resolveFsOptions(options);
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["file_path", "path"], this.#o.workspace);
  }

  protected async run(input: WriteInput, ctx: ToolContext): Promise<ToolOutput> {
    const target = await resolveTarget(ctx, this.#o, input.file_path, "file_path");
    const { source, maxHashBytes } = this.#o;
    const real = target.path.real;
    const guard = StaleGuard.of(ctx);
    const previous = target.stat ? await this.#previous(target, guard) : undefined;
    const data = encodeText(input.content, previous?.encoding ?? "utf8");
    if (previous?.bytes && Buffer.compare(previous.bytes, data) === 0) {
      return ToolOutput.text(`No change: ${target.shown} already has this content.`);
    }
    await source.writeFile(real, data, {
      realRoot: target.realRoot,
      shown: target.shown,
      signal: ctx.signal,
      ...(previous ? { expectVersion: previous.version } : {}),
    });
    const after = await source.stat(real);
    guard.record(real, {
      ...(data.length <= maxHashBytes ? { hash: hashBytes(data) } : {}),
      version: after?.version ?? "",
    });
    const lines = formatCount(lineCount(input.content), "line");
    const head = previous ? `Updated ${target.shown} (${lines}).` : `Created ${target.shown} (${lines}).`;
    if (previous && previous.text === undefined) {
      return ToolOutput.text(
        `${head}\n\n(No diff: the previous content, ${formatBytes(previous.size)}, is too large to compare.)`,
      );
    }
    const diff = await unifiedDiff({
      shown: target.shown,
      before: previous?.text,
      after: toLf(input.content),
    });
    return ToolOutput.text(`${head}\n\n${diff}`).withHint(DisplayHint.Diff);
  }

  /** The file about to be replaced, opened and checked (stale guard, encoding). */
  async #previous(target: Target, guard: StaleGuard): Promise<PreviousContent> {
    const file = await openTarget(this.#o, target, "file_path", "Write");
    try {
      return await loadPrevious({
        file,
        path: target.path.real,
        shown: target.shown,
        guard,
        maxLoadBytes: this.#o.maxHashBytes,
      });
    } finally {
      await file.close();
    }
  }
}
