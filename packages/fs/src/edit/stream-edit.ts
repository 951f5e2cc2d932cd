import { createHash } from "node:crypto";
import { isUtf8 } from "node:buffer";
import { ToolError } from "@toolkit/core";
import { MAX_LISTED_MATCHES } from "../match/edit-apply.js";
import type { OpenFile } from "../source/file-source.js";

/** What the scan of a large file found for one needle. */
interface NeedleScan {
  readonly needle: Buffer;
  count: number;
  /** Offsets and lines of the first `MAX_LISTED_MATCHES` matches. */
  readonly first: Array<{ at: number; line: number }>;
  /** Where the next match may start (matches do not overlap). */
  next: number;
  /** One plus the newlines counted up to the offset `counted` (only while line numbers are wanted). */
  lines: number;
  counted: number;
}

/** The scan of a large file: whether it is valid UTF-8, its hash, and each needle's matches. */
export interface LargeScan {
  readonly valid: boolean;
  readonly hash: string | undefined;
  readonly needles: readonly NeedleScan[];
}

const CHUNK = 1024 * 1024;
const NL = 10;

/**
 * Scans a large UTF-8 file once, a chunk at a time (memory: two chunks):
 * checks it is valid UTF-8, hashes it when asked, and finds the
 * non-overlapping matches of each needle (a match may span chunks), with the
 * line numbers of the first few. Yields to the event loop between chunks and
 * stops with Cancelled when the signal fires.
 */
export async function scanLarge(
  file: OpenFile,
  needles: readonly Buffer[],
  { hash, signal }: { hash: boolean; signal: AbortSignal },
): Promise<LargeScan> {
  const digest = hash ? createHash("sha256") : undefined;
  const scans: NeedleScan[] = needles.map((needle) => ({
    needle,
    count: 0,
    first: [],
    next: 0,
    lines: 1,
    counted: 0,
  }));
  const keep = Math.max(0, ...needles.map((n) => n.length - 1));
  let carry: Buffer = Buffer.alloc(0);
  let utf8Tail: Buffer = Buffer.alloc(0);
  let base = 0;
  let valid = true;
  for await (const chunk of file.readChunks({ chunkBytes: CHUNK, signal })) {
    digest?.update(chunk);
    const whole = Buffer.concat([utf8Tail, chunk]);
    const end = completeUtf8End(whole);
    if (valid && !isUtf8(whole.subarray(0, end))) valid = false;
    utf8Tail = Buffer.from(whole.subarray(end));
    const buf = Buffer.concat([carry, chunk]);
    for (const s of scans) {
      for (let p = buf.indexOf(s.needle, Math.max(0, s.next - base)); p !== -1; ) {
        s.count++;
        if (s.first.length < MAX_LISTED_MATCHES) {
          for (
            let nl = buf.indexOf(NL, Math.max(0, s.counted - base));
            nl !== -1 && nl < p;
            nl = buf.indexOf(NL, nl + 1)
          )
            s.lines++;
          s.counted = base + p;
          s.first.push({ at: base + p, line: s.lines });
        }
        s.next = base + p + s.needle.length;
        p = buf.indexOf(s.needle, p + s.needle.length);
      }
    }
    const cut = Math.max(0, buf.length - keep);
    carry = Buffer.from(buf.subarray(cut));
    base += cut;
    if (signal.aborted) throw ToolError.cancelled();
  }
  if (utf8Tail.length > 0) valid = false;
  return { valid, hash: digest?.digest("hex"), needles: scans };
}

/** Where a UTF-8 buffer ends once a character cut off by its end is left for the next chunk. */
function completeUtf8End(b: Buffer): number {
  for (let i = b.length - 1; i >= Math.max(0, b.length - 3); i--) {
    const c = b[i] ?? 0;
    if ((c & 0xc0) === 0x80) continue;
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + need > b.length ? i : b.length;
  }
  return b.length;
}

/**
 * The file's bytes with `needle` (not empty) replaced by `replacement`
 * (every match, or only the first when `all` is false), as chunks for a
 * streaming write. Throws when the number
 * of replacements differs from `expected` (the file changed meanwhile).
 */
export async function* rewriteLarge(
  file: OpenFile,
  needle: Buffer,
  replacement: Buffer,
  { all, expected, signal }: { all: boolean; expected: number; signal: AbortSignal },
): AsyncGenerator<Uint8Array> {
  let carry: Buffer = Buffer.alloc(0);
  let made = 0;
  const keep = Math.max(0, needle.length - 1);
  for await (const chunk of file.readChunks({ chunkBytes: CHUNK, signal })) {
    const buf = Buffer.concat([carry, chunk]);
    let from = 0;
    for (let p = buf.indexOf(needle); p !== -1 && (all || made === 0); p = buf.indexOf(needle, from)) {
      if (p > from) yield buf.subarray(from, p);
      yield replacement;
      made++;
      from = p + needle.length;
    }
    const emit = Math.max(from, buf.length - keep);
    if (emit > from) yield Buffer.from(buf.subarray(from, emit));
    carry = Buffer.from(buf.subarray(emit));
  }
  if (carry.length > 0) yield carry;
  if (made !== expected) {
    throw ToolError.execution(
      "the file changed on disk while the change was being prepared; nothing was written",
      {
        advice: "Call Read on the file again, then redo the change against its current content.",
      },
    );
  }
}

/**
 * The lines around `[at, at + length)` (`context` lines before and after,
 * within 16 KiB either side), read from the open file, with how many
 * newlines lie between the region's start and `at`.
 */
export async function regionAround(
  file: OpenFile,
  at: number,
  length: number,
  context: number,
): Promise<{ bytes: Buffer; newlinesBefore: number }> {
  const reach = 16 * 1024;
  const from = Math.max(0, at - reach);
  const to = Math.min(file.stat.size, at + length + reach);
  const parts: Buffer[] = [];
  for await (const c of file.readChunks({ start: from, end: to, chunkBytes: Math.max(1, to - from) }))
    parts.push(Buffer.from(c));
  const win = Buffer.concat(parts);
  const rel = at - from;
  let nl = rel === 0 ? -1 : win.lastIndexOf(NL, rel - 1);
  // (`lastIndexOf` with a negative offset would count from the end: stop at the window's start.)
  for (let k = 0; k < context && nl >= 0; k++) nl = nl === 0 ? -1 : win.lastIndexOf(NL, nl - 1);
  const start = nl + 1;
  let newlinesBefore = 0;
  for (let i = win.indexOf(NL, start); i !== -1 && i < rel; i = win.indexOf(NL, i + 1)) newlinesBefore++;
  let end = rel + length;
  for (let k = 0; k <= context && end < win.length; k++) {
    const next = win.indexOf(NL, end);
    end = next === -1 ? win.length : next + 1;
  }
  return { bytes: win.subarray(start, end), newlinesBefore };
}
