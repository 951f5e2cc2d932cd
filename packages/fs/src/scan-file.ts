import { createHash } from "node:crypto";
import { ToolError } from "@toolkit/core";
import type { OpenFile } from "./file-source.js";
import { type ImageInfo, sniffImage } from "./image.js";
import { formatBytes } from "./line-format.js";
import { LineWindow, type LineWindowOptions, type LineWindowResult } from "./line-window.js";
import type { StaleGuard } from "./stale-guard.js";
import { bomLength, SNIFF_BYTES, sniffEncoding, type TextEncoding, toUtf8Chunks } from "./text-codec.js";

/** What a scan found: an image, or text with the requested window of lines. */
export type ScanResult =
  | { readonly kind: "image"; readonly image: ImageInfo }
  | { readonly kind: "text"; readonly encoding: TextEncoding; readonly window: LineWindowResult };

/** Options for `scanFile`. */
export interface ScanFileOptions {
  /** The file, held open (its stat is the opened file's). */
  file: OpenFile;
  /** The path the stale guard records the read under (the target's real path). */
  path: string;
  /** How messages name the file. */
  shown: string;
  window: LineWindowOptions;
  /** Files up to this size are hashed for the stale guard. */
  maxHashBytes: number;
  /** Where the read is recorded. */
  guard: StaleGuard;
  signal?: AbortSignal;
}

/**
 * Streams a file once: sniffs an image or the text encoding from the first
 * chunk, refuses other binary content, counts every line while keeping only
 * the window, and records the file's hash (or fingerprint) in the stale guard.
 * Memory stays bounded by the chunk size and the window.
 */
export async function scanFile(options: ScanFileOptions): Promise<ScanResult> {
  const { file, path, shown, guard } = options;
  const { stat } = file;
  const hash = stat.size <= options.maxHashBytes ? createHash("sha256") : undefined;
  const lines = new LineWindow(options.window);
  let toUtf8: ((chunk: Uint8Array, last: boolean) => Uint8Array) | undefined;
  let encoding: TextEncoding | undefined;
  // Stop at the size seen by stat, so a file that keeps growing (a live log) still ends.
  let left = stat.size > 0 ? stat.size : Number.POSITIVE_INFINITY;
  // Set when the scan stops after the window with bytes still unread.
  let more = false;
  for await (const whole of file.readChunks(options.signal ? { signal: options.signal } : {})) {
    const chunk = whole.length > left ? whole.subarray(0, left) : whole;
    left -= chunk.length;
    // A file small enough to hash is read to its end anyway, and its lines counted;
    // a larger one is left once the window is full, so the cost follows the window.
    const countRest = hash !== undefined;
    if (toUtf8 === undefined) {
      const image = sniffImage(chunk);
      if (image) return { kind: "image", image };
      encoding = sniffEncoding(chunk.subarray(0, SNIFF_BYTES));
      if (encoding === undefined) throw binaryFile(shown, stat.size);
      toUtf8 = toUtf8Chunks(encoding);
      hash?.update(chunk);
      lines.push(toUtf8(chunk.subarray(bomLength(encoding)), false), countRest);
    } else {
      hash?.update(chunk);
      lines.push(toUtf8(chunk, false), countRest);
    }
    if (!countRest && lines.done) {
      more = lines.leftover || left > 0;
      break;
    }
    if (left <= 0) break;
  }
  if (toUtf8 && !more) lines.push(toUtf8(new Uint8Array(0), true));
  guard.record(path, hash ? { hash: hash.digest("hex"), version: stat.version } : { version: stat.version });
  return { kind: "text", encoding: encoding ?? "utf8", window: lines.finish(!more) };
}

/** The soft error for a file that is not text. */
export function binaryFile(shown: string, size: number): ToolError {
  return ToolError.invalidInput(
    `${shown} is a binary file (${formatBytes(size)}), not text; it cannot be shown`,
    {
      advice: "Only text files and PNG, JPEG, GIF or WebP images can be read; choose another file.",
    },
  );
}
