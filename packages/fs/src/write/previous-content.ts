import type { OpenFile } from "../source/file-source.js";
import { toLf } from "../text/line-endings.js";
import type { StaleGuard } from "../tool/stale-guard.js";
import { decodeText, SNIFF_BYTES, sniffEncoding, type TextEncoding } from "../text/text-codec.js";

/** What Write needs to know about the file it replaces. */
export interface PreviousContent {
  /** The old bytes, when the file was small enough to load. */
  readonly bytes?: Uint8Array;
  /** The old text with `\n` line ends, for the diff ("" when it was not text). */
  readonly text?: string;
  /** The encoding to keep (BOM, UTF-16); `utf8` for binary or unknown. */
  readonly encoding: TextEncoding;
  readonly size: number;
  /** The file's version when it was read (the write must still find it). */
  readonly version: string;
}

/** Options for `loadPrevious`. */
export interface LoadPreviousOptions {
  /** The file, held open. */
  file: OpenFile;
  /** The path the stale guard knows the file by (the target's real path). */
  path: string;
  shown: string;
  guard: StaleGuard;
  /** Files up to this size are loaded whole (and hashed); larger ones are only sniffed. */
  maxLoadBytes: number;
}

/**
 * Checks the stale guard for a file about to be replaced and learns its
 * encoding. A file over `maxLoadBytes` is never loaded: its first chunk tells
 * the encoding, and the guard compares its fingerprint.
 */
export async function loadPrevious(o: LoadPreviousOptions): Promise<PreviousContent> {
  const { file, path, guard } = o;
  const { stat } = file;
  if (stat.size > o.maxLoadBytes) {
    await guard.assertFresh(path, o.shown, { version: stat.version, bytes: () => file.readAll() });
    let encoding: TextEncoding = "utf8";
    for await (const head of file.readChunks({ chunkBytes: SNIFF_BYTES, end: SNIFF_BYTES })) {
      encoding = sniffEncoding(head) ?? "utf8";
      break;
    }
    return { encoding, size: stat.size, version: stat.version };
  }
  const bytes = await file.readAll();
  await guard.assertFresh(path, o.shown, { version: stat.version, bytes: async () => bytes });
  const decoded = decodeText(bytes);
  return {
    bytes,
    text: decoded ? toLf(decoded.text) : "",
    encoding: decoded?.encoding ?? "utf8",
    size: bytes.length,
    version: stat.version,
  };
}
