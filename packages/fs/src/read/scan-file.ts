import { createHash } from "node:crypto";
import { ToolError } from "@toolkit/core";
import type { OpenFile } from "../source/file-source.js";
import { type ImageInfo, sniffImage } from "./image.js";
import { formatBytes } from "../text/line-format.js";
import { LineWindow, type LineWindowOptions, type LineWindowResult } from "../text/line-window.js";
import {
  type Checkpoint,
  type FileLineIndex,
  type LineIndexCache,
  MAX_CHECKPOINTS,
} from "../line-index/line-index.js";
import type { StaleGuard } from "../tool/stale-guard.js";
import {
  bomLength,
  SNIFF_BYTES,
  sniffEncoding,
  type TextEncoding,
  toUtf8Chunks,
} from "../text/text-codec.js";

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
  /**
   * Line indexes of large files (those not hashed) of the file's source: a
   * deep window starts reading at the nearest known line start before it,
   * and the scan records new ones. Without it every scan starts at the top.
   */
  lineIndex?: LineIndexCache;
  /** Bytes read at a time. @default 1 MiB */
  chunkBytes?: number;
  signal?: AbortSignal;
}

/** Default bytes read at a time: large enough that the per-read cost is small, small enough to stay cheap. */
const CHUNK_BYTES = 1024 * 1024;
const NL = 10;

/**
 * Streams a file once: sniffs an image or the text encoding from the first
 * chunk, refuses other binary content, counts every line while keeping only
 * the window, and records the file's hash (or fingerprint) in the stale guard.
 * Memory stays bounded by the chunk size and the window. A file too large to
 * hash is left once the window is full, and, given a `lineIndex`, read from
 * the nearest indexed line start before the window.
 */
export async function scanFile(options: ScanFileOptions): Promise<ScanResult> {
  const { file, path, guard } = options;
  const { stat } = file;
  const cache = stat.size <= options.maxHashBytes ? undefined : options.lineIndex;
  let index = cache?.get(stat.version);
  const from = index?.before(options.window.offset);
  let scan: Scanned | undefined;
  if (index && from) {
    scan = await scanText(options, index, from);
    if (!scan) {
      cache?.delete(stat.version);
      index = undefined;
    }
  }
  // From the top, scanText has no line start to check, so it always answers.
  scan ??= (await scanText(options, index, undefined)) as Scanned;
  if (scan.kind === "image") return scan;
  guard.record(path, scan.hash ? { hash: scan.hash, version: stat.version } : { version: stat.version });
  return { kind: "text", encoding: scan.encoding, window: scan.window };
}

type Scanned =
  | { readonly kind: "image"; readonly image: ImageInfo }
  | {
      readonly kind: "text";
      readonly encoding: TextEncoding;
      readonly window: LineWindowResult;
      readonly hash?: string;
    };

/**
 * One pass over the file, from the top (`from` undefined) or from a known line
 * start of `index`. Returns undefined when the byte before that line start is
 * not a newline: the index does not match the file, and the caller starts over.
 */
async function scanText(
  options: ScanFileOptions,
  index: FileLineIndex | undefined,
  from: Checkpoint | undefined,
): Promise<Scanned | undefined> {
  const { file, shown } = options;
  const { stat } = file;
  // A small file gets a buffer its size, not a whole chunk.
  const chunkBytes = Math.min(
    options.chunkBytes ?? CHUNK_BYTES,
    stat.size > 0 ? Math.max(stat.size, 4096) : CHUNK_BYTES,
  );
  const hash = stat.size <= options.maxHashBytes ? createHash("sha256") : undefined;
  const lines = new LineWindow({ ...options.window, firstLine: from?.line ?? 1 });
  let encoding: TextEncoding | undefined = from ? index?.encoding : undefined;
  let toUtf8 = encoding ? toUtf8Chunks(encoding) : undefined;
  // A start from a checkpoint reads one byte early, to check that a line starts there.
  let at = from ? from.offset - 1 : 0;
  // Stop at the size seen by stat, so a file that keeps growing (a live log) still ends.
  let left = stat.size > 0 ? stat.size - at : Number.POSITIVE_INFINITY;
  // Where line starts are recorded: only for a large UTF-8 file (UTF-16 is transcoded, so its offsets differ).
  let record = index;
  // Set when the scan stops after the window with bytes still unread.
  let more = false;
  const chunks = file.readChunks({
    chunkBytes,
    ...(at > 0 ? { start: at } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for await (const whole of chunks) {
    const raw = whole.length > left ? whole.subarray(0, left) : whole;
    let chunk = raw;
    const chunkStart = at;
    at += chunk.length;
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
      const utf8 = encoding === "utf8" || encoding === "utf8-bom";
      if (!record && hash === undefined && options.lineIndex && utf8)
        record = options.lineIndex.create(stat.version, encoding, spacing(stat.size, chunkBytes));
      hash?.update(chunk);
      chunk = chunk.subarray(bomLength(encoding));
    } else {
      hash?.update(chunk);
      if (chunkStart === (from?.offset ?? 0) - 1) {
        if (chunk[0] !== NL) return undefined;
        chunk = chunk.subarray(1);
      }
    }
    lines.push(toUtf8(chunk, false), countRest);
    if (lines.leftover) {
      more = true;
      break;
    }
    if (record?.wants(at)) {
      const last = raw.lastIndexOf(NL);
      if (last !== -1) record.add(chunkStart + last + 1, lines.line);
    }
    if (!countRest && lines.done) {
      more = left > 0;
      break;
    }
    if (left <= 0) break;
  }
  if (toUtf8 && !more) lines.push(toUtf8(new Uint8Array(0), true));
  return {
    kind: "text",
    encoding: encoding ?? "utf8",
    window: lines.finish(!more),
    ...(hash ? { hash: hash.digest("hex") } : {}),
  };
}

/** Bytes between checkpoints: one per chunk, fewer for a file so large that would pass `MAX_CHECKPOINTS`. */
function spacing(size: number, chunkBytes: number): number {
  return Math.max(chunkBytes, Math.ceil(size / MAX_CHECKPOINTS));
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
