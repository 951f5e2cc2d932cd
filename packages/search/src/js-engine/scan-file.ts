import { closeSync, constants, openSync, readlinkSync, readSync, statSync } from "node:fs";
import { sep } from "node:path";
import { type ScanMode, type ScanResult, scanText } from "./scan-text.js";

/** How a worker (or the main thread) scans files: the compiled regex and the output shape. */
export interface ScanSettings {
  readonly source: string;
  readonly flags: string;
  readonly mode: ScanMode;
  readonly before: number;
  readonly after: number;
  readonly maxFileBytes: number;
  /** A string every match contains (case-sensitive), checked on the raw bytes first. */
  readonly literal: string | undefined;
  /** Count every match, not every line (a multiline pattern that can match "\n"). */
  readonly perMatch: boolean;
  /**
   * The workspace's real root: a file that, once opened, lies elsewhere (a
   * directory on its path was swapped for a link meanwhile) is passed over
   * unread. Checked where `/proc/self/fd` names open files (Linux).
   */
  readonly realRoot?: string;
}

/** Read-only, never blocking on a fifo (a link is followed; where it led is then checked). */
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** What scanning one file gave. */
export type FileOutcome =
  | { kind: "binary" }
  | { kind: "large" }
  | { kind: "none" }
  | ({ kind: "match" } & ScanResult);

/** A scanner that reuses one read buffer across files. */
export interface FileScanner {
  /** Reads a local file (one read into the shared buffer) and scans it. */
  scan(path: string): FileOutcome;
  /** Scans a file's bytes read elsewhere (a non-local FileSource). */
  scanBytes(bytes: Uint8Array): FileOutcome;
}

/** Makes a scanner for the settings (the regex is compiled once). */
export function fileScanner(settings: ScanSettings): FileScanner {
  const regex = new RegExp(settings.source, settings.flags);
  const needle = settings.literal === undefined ? undefined : Buffer.from(settings.literal, "utf8");
  // One buffer one byte larger than the size limit: a single read tells a
  // file's whole content, or that it is too large (no fstat needed).
  // Allocated on the first local read (a scanner fed bytes by a FileSource never needs it).
  let scratch: Buffer | undefined;
  const realRoot = settings.realRoot !== undefined && hasProcFd() ? settings.realRoot : undefined;
  const scanDecoded = (bytes: Buffer): FileOutcome => {
    if (bytes.length > settings.maxFileBytes) return { kind: "large" };
    const text = decode(bytes, needle);
    if (text === undefined) return { kind: "none" };
    if (text === BINARY) return { kind: "binary" };
    const result = scanText({
      text,
      regex,
      mode: settings.mode,
      before: settings.before,
      after: settings.after,
      perMatch: settings.perMatch,
    });
    return result === undefined ? { kind: "none" } : { kind: "match", ...result };
  };
  return {
    scanBytes: (bytes) => scanDecoded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    scan(path) {
      scratch ??= Buffer.allocUnsafe(settings.maxFileBytes + 1);
      const buffer = scratch;
      let length = 0;
      try {
        const fd = openSync(path, READ_FLAGS);
        try {
          // What was opened must lie under the root; read nothing from anywhere else.
          if (realRoot !== undefined && !inside(realRoot, readlinkSync(`/proc/self/fd/${fd}`)))
            return { kind: "none" };
          // Regular files (the only kind the walker hands over) are read whole by one read.
          length = readSync(fd, buffer, 0, buffer.length, null);
        } finally {
          closeSync(fd);
        }
      } catch {
        return { kind: "none" };
      }
      return scanDecoded(buffer.subarray(0, length));
    },
  };
}

const BINARY = "\0binary";

let procFd: boolean | undefined;

/** True where `/proc/self/fd/N` names the file behind a descriptor (Linux). Checked once per thread. */
function hasProcFd(): boolean {
  if (procFd === undefined) {
    try {
      procFd = statSync("/proc/self/fd").isDirectory();
    } catch {
      procFd = false;
    }
  }
  return procFd;
}

/**
 * Decodes a file as ripgrep sees it: a UTF-16 BOM transcodes, a UTF-8 BOM is
 * dropped, a NUL byte marks the file binary. Returns undefined early when the
 * file cannot contain `needle`.
 */
function decode(bytes: Buffer, needle: Buffer | undefined): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return checked(new TextDecoder("utf-16le").decode(bytes.subarray(2)));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return checked(new TextDecoder("utf-16be").decode(bytes.subarray(2)));
  if (bytes.indexOf(0) !== -1) return BINARY;
  if (needle !== undefined && bytes.indexOf(needle) === -1) return undefined;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.toString("utf8", start);
}

function checked(text: string): string {
  return text.includes("\0") ? BINARY : text;
}

/**
 * True when `path` is `root` or below it (both absolute and normalised), as
 * core's `inside`. This module runs in the grep worker threads, which must
 * not load `@toolkit/core`: its index pulls in ajv, which every worker would
 * then load at start (and whose JSON require fails under tsx on Node 24).
 */
function inside(root: string, path: string): boolean {
  if (path === root) return true;
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}
