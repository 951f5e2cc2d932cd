import { type JsonSchema, Retention, type ToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { checkReplyMaxBytes, NOTE_BYTES } from "./check-reply-max-bytes.js";
import { FS_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import type { OpenFile } from "../source/file-source.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import type { ImageInfo } from "./image.js";
import { type FittedImage, fitImage, MAX_IMAGE_BASE64_CHARS } from "./fit-image.js";
import { formatBytes, formatLines } from "../text/line-format.js";
import { lineIndexCacheOf } from "../line-index/line-index.js";
import type { LineWindowResult } from "../text/line-window.js";
import { openTarget } from "../target/open-target.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { scanFile } from "./scan-file.js";
import { hashBytes, StaleGuard } from "../tool/stale-guard.js";
import { resolveTarget, type Target } from "../target/target.js";
import { isNotebookPath, parseNotebook } from "../notebook/notebook.js";
import { renderNotebook } from "../notebook/render-notebook.js";

/** Options for `Read`. */
export interface ReadOptions extends FsToolOptions {
  /** Lines shown when `limit` is absent. @default 2000 */
  defaultLimit?: number;
  /** Longer lines are cut with a marker. @default 2000 */
  maxLineChars?: number;
  /** The reply holds at most this much text (at least 1024; 256 bytes of it are kept for the note). @default 256 KiB */
  maxBytes?: number;
  /** Larger image files are refused; smaller ones over the provider ceilings are resized. @default 64 MiB */
  maxImageBytes?: number;
  /** A notebook cell output's text is cut after this many characters, with a note. @default 4000 */
  maxNotebookOutputChars?: number;
}

interface ReadInput {
  file_path: string;
  offset?: number;
  limit?: number;
}

const DESCRIPTION = [
  "Reads a file from the workspace. Text comes back with line numbers (cat -n style: number, tab, line);",
  "by default the first 2000 lines, or `limit` lines from line `offset` (1-based). Lines over 2000 characters",
  "are cut. When lines are left out, a note at the end says which lines were shown and the offset to continue",
  "with. PNG, JPEG, GIF and WebP files come back as images (resized to fit 8000 px and 5 MB). Use Tree or Glob for directories. Read a file",
  "before changing it with Write or Edit: they refuse files not read in this session or changed since.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    file_path: FILE_PATH_PROPERTY,
    offset: { type: "integer", minimum: 1, description: "The first line to show (1-based). Default 1." },
    limit: { type: "integer", minimum: 1, description: "How many lines to show. Default 2000." },
  },
  required: ["file_path"],
  additionalProperties: false,
};

/**
 * Read: numbered lines of a text file (streamed, so a multi-GiB file is never
 * loaded), or an image part. Read-only, concurrency-safe, retention `requery`.
 *
 * @example
 * const out = await new Read().call({ file_path: "src/index.ts", offset: 10, limit: 20 }, ctx);
 */
export class Read extends FsTool<ReadInput> {
  readonly #o: ResolvedFsOptions & Required<Omit<ReadOptions, keyof FsToolOptions>>;

  constructor(options: ReadOptions = {}) {
    super({
      name: "Read",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: FS_ALIASES,
      retention: Retention.Requery,
    });
    const {
      defaultLimit = 2000,
      maxLineChars = 2000,
      maxBytes = 256 * 1024,
      maxImageBytes = 64 * 1024 * 1024,
      maxNotebookOutputChars = 4000,
    } = options;
    const limits = { defaultLimit, maxLineChars, maxBytes, maxImageBytes, maxNotebookOutputChars };
    for (const [k, v] of Object.entries(limits)) positiveInteger(k, v);
    checkReplyMaxBytes(maxBytes);
    this.#o = { ...resolveFsOptions(options), ...limits };
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["file_path", "path"], this.#o.workspace);
  }

  protected async run(input: ReadInput, ctx: ToolContext): Promise<ToolOutput> {
    const { offset = 1, limit = this.#o.defaultLimit } = input;
    const target = await resolveTarget(ctx, this.#o, input.file_path, "file_path");
    const file = await openTarget(this.#o, target, "file_path", "Read");
    try {
      const guard = StaleGuard.of(ctx);
      if (isNotebookPath(target.shown) && input.offset === undefined && input.limit === undefined) {
        return await this.#notebook(target, file, guard);
      }
      const scan = await scanFile({
        file,
        path: target.path.real,
        shown: target.shown,
        window: {
          offset,
          limit,
          maxLineChars: this.#o.maxLineChars,
          maxBytes: this.#o.maxBytes - NOTE_BYTES,
        },
        maxHashBytes: this.#o.maxHashBytes,
        lineIndex: lineIndexCacheOf(this.#o.source),
        guard,
        signal: ctx.signal,
      });
      if (scan.kind === "image") return await this.#image(target, file, scan.image, guard);
      return ToolOutput.text(this.#text(target, scan.window, offset));
    } finally {
      await file.close();
    }
  }

  #text(target: Target, window: LineWindowResult, offset: number): string {
    const { lines, total, capped, complete } = window;
    if (total === 0 && complete) return `${target.shown} is empty.`;
    if (offset > total) {
      throw ToolError.invalidInput(
        `\`offset\` ${offset} is past the end of ${target.shown}, which has ${total} lines`,
        {
          advice: `Call Read again with an offset from 1 to ${total}.`,
        },
      );
    }
    const body = formatLines(lines, this.#o.maxLineChars);
    const first = lines[0]?.number ?? offset;
    const last = lines.at(-1)?.number ?? offset;
    if (complete && first === 1 && last === total) return body;
    const why = capped ? ` (the reply is capped at ${formatBytes(this.#o.maxBytes)})` : "";
    // A large file is read only up to the window: its total is not known, only that more follows.
    const of = complete ? ` of ${total}` : "";
    const more = complete ? "" : "; more lines follow";
    const next =
      !complete || last < total
        ? ` To continue, call Read with offset ${last + 1}.`
        : " That is the end of the file.";
    return `${body}\n\n[Showing lines ${first}-${last}${of}${why}${more}.${next}]`;
  }

  /** A notebook as its cells; `offset`/`limit` still read it as raw JSON lines. */
  async #notebook(target: Target, file: OpenFile, guard: StaleGuard): Promise<ToolOutput> {
    const bytes = await file.readAll();
    guard.record(target.path.real, { hash: hashBytes(bytes), version: file.stat.version });
    const nb = parseNotebook(Buffer.from(bytes).toString("utf8"), target.shown);
    const parts = renderNotebook(nb, target.shown, {
      maxOutputChars: this.#o.maxNotebookOutputChars,
      maxImageChars: MAX_IMAGE_BASE64_CHARS,
    });
    return ToolOutput.multipart(parts);
  }

  async #image(target: Target, file: OpenFile, image: ImageInfo, guard: StaleGuard): Promise<ToolOutput> {
    const { stat } = file;
    if (stat.size > this.#o.maxImageBytes) {
      throw ToolError.invalidInput(
        `${target.shown} is a ${image.format} image of ${formatBytes(stat.size)}, over the ${formatBytes(this.#o.maxImageBytes)} limit`,
        { advice: "Ask the user for a smaller version of the image." },
      );
    }
    const bytes = await file.readAll();
    guard.record(target.path.real, { hash: hashBytes(bytes), version: stat.version });
    const size = image.width === undefined ? "" : `, ${image.width}x${image.height}`;
    let fitted: FittedImage;
    try {
      fitted = await fitImage(bytes, image);
    } catch (e) {
      throw ToolError.invalidInput(
        `${target.shown} is a ${image.format} image that could not be decoded or fitted: ${(e as Error).message}`,
      );
    }
    const how = fitted.width === image.width && fitted.height === image.height ? "re-encoded" : "resized";
    const sent = fitted.resized
      ? `; sent ${how} to fit 8000 px and 5 MB as ${fitted.format}, ${fitted.width}x${fitted.height}, ${formatBytes(fitted.bytes.length)}`
      : "";
    return ToolOutput.multipart([
      {
        type: "text",
        text: `Image: ${target.shown} (${image.format}${size}, ${formatBytes(bytes.length)}${sent})`,
      },
      { type: "image", data: Buffer.from(fitted.bytes).toString("base64"), mediaType: fitted.mediaType },
    ]);
  }
}
