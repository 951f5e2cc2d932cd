import { type JsonSchema, Retention, type ToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { checkReplyMaxBytes, NOTE_BYTES } from "../read/check-reply-max-bytes.js";
import { FS_ALIASES } from "../tool/field-aliases.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import { formatBytes, formatLines } from "../text/line-format.js";
import { openTarget } from "../target/open-target.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { scanFile } from "../read/scan-file.js";
import { StaleGuard } from "../tool/stale-guard.js";
import { resolveTarget } from "../target/target.js";

/** Options for `FileViewer`. */
export interface FileViewerOptions extends FsToolOptions {
  /** Lines per page when `page_size` is absent. @default 100 */
  defaultPageSize?: number;
  /** Largest `page_size` accepted. @default 500 */
  maxPageSize?: number;
  /** Longer lines are cut with a marker. @default 2000 */
  maxLineChars?: number;
  /** A page holds at most this much text (at least 1024; 256 bytes of it are kept for the header and notes). @default 256 KiB */
  maxBytes?: number;
}

interface ViewInput {
  file_path: string;
  page?: number;
  page_size?: number;
}

const DESCRIPTION = [
  "Shows a text file one page at a time: a header `File: <path> (Page n/N)` and `Lines a-b of T`, numbered",
  "lines, and a footer naming the next page. `page` starts at 1; `page_size` is 100 lines by default (at most",
  "500). Use it to walk through a long file; use Read for a known line range.",
].join(" ");

/**
 * FileViewer: numbered pages of a text file, streamed. Read-only,
 * concurrency-safe, retention `requery`.
 *
 * @example
 * await new FileViewer().call({ file_path: "README.md", page: 2 }, ctx);
 */
export class FileViewer extends FsTool<ViewInput> {
  readonly #o: ResolvedFsOptions & Required<Omit<FileViewerOptions, keyof FsToolOptions>>;

  constructor(options: FileViewerOptions = {}) {
    const { defaultPageSize = 100, maxPageSize = 500, maxLineChars = 2000, maxBytes = 256 * 1024 } = options;
    for (const [k, v] of Object.entries({ defaultPageSize, maxPageSize, maxLineChars, maxBytes }))
      positiveInteger(k, v);
    checkReplyMaxBytes(maxBytes);
    const schema: JsonSchema = {
      type: "object",
      properties: {
        file_path: FILE_PATH_PROPERTY,
        page: { type: "integer", minimum: 1, description: "The page to show (1-based). Default 1." },
        page_size: {
          type: "integer",
          minimum: 1,
          maximum: maxPageSize,
          description: `Lines per page. Default ${defaultPageSize}, at most ${maxPageSize}.`,
        },
      },
      required: ["file_path"],
      additionalProperties: false,
    };
    super({
      name: "FileViewer",
      description: DESCRIPTION,
      inputSchema: schema,
      aliases: FS_ALIASES,
      retention: Retention.Requery,
    });
    this.#o = { ...resolveFsOptions(options), defaultPageSize, maxPageSize, maxLineChars, maxBytes };
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

  protected async run(input: ViewInput, ctx: ToolContext): Promise<ToolOutput> {
    const { page = 1, page_size: size = this.#o.defaultPageSize } = input;
    const target = await resolveTarget(ctx, this.#o, input.file_path, "file_path");
    const offset = (page - 1) * size + 1;
    const file = await openTarget(this.#o, target, "file_path", "FileViewer");
    const scan = await scanFile({
      file,
      path: target.path.real,
      shown: target.shown,
      window: {
        offset,
        limit: size,
        maxLineChars: this.#o.maxLineChars,
        maxBytes: this.#o.maxBytes - NOTE_BYTES,
      },
      maxHashBytes: this.#o.maxHashBytes,
      guard: StaleGuard.of(ctx),
      signal: ctx.signal,
    }).finally(() => file.close());
    if (scan.kind === "image") {
      throw ToolError.invalidInput(`${target.shown} is a ${scan.image.format} image, not text`, {
        advice: "Use Read to see an image.",
      });
    }
    const { lines, total, capped, complete } = scan.window;
    const pages = Math.max(1, Math.ceil(total / size));
    if (total === 0 && complete)
      return ToolOutput.text(`File: ${target.shown} (Page 1/1)\nThe file is empty.`);
    if (complete && page > pages) {
      throw ToolError.invalidInput(
        `\`page\` ${page} is past the end of ${target.shown}, which has ${pages} pages of ${size} lines`,
        {
          advice: `Call FileViewer with a page from 1 to ${pages}.`,
        },
      );
    }
    const last = lines.at(-1)?.number ?? offset;
    // A large file is read only up to the page: its page count is not known, only that more follow.
    const head = complete
      ? `File: ${target.shown} (Page ${page}/${pages})\nLines ${offset}-${last} of ${total}`
      : `File: ${target.shown} (Page ${page}; more pages follow)\nLines ${offset}-${last}; more lines follow`;
    const cut = capped
      ? `\n[This page was cut at ${formatBytes(this.#o.maxBytes)}; call Read with offset ${last + 1} for the rest of it.]`
      : "";
    const foot =
      !complete || page < pages ? `Next page: call FileViewer with page ${page + 1}.` : "End of file.";
    return ToolOutput.text(`${head}\n${formatLines(lines, this.#o.maxLineChars)}${cut}\n${foot}`);
  }
}
