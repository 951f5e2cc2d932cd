import { countNewlines } from "../line-index/count-newlines.js";

/** One line kept for display. */
export interface WindowLine {
  /** 1-based line number. */
  readonly number: number;
  /** The line without its `\n`/`\r\n`, cut to `maxLineChars`. */
  readonly text: string;
  /** The line's full length in bytes when it was cut; undefined when whole. */
  readonly cutFromBytes?: number;
}

/** What a scan of a file found. */
export interface LineWindowResult {
  /** The lines of the window that fit. */
  readonly lines: WindowLine[];
  /** How many lines the file has (when `complete`; else how many were scanned). */
  readonly total: number;
  /** True when the window was cut short by `maxBytes`. */
  readonly capped: boolean;
  /** False when the scan stopped after the window, before the end of the file: more lines follow. */
  readonly complete: boolean;
}

/** Options for `LineWindow`. */
export interface LineWindowOptions {
  /** First line to keep (1-based). */
  offset: number;
  /** How many lines to keep. */
  limit: number;
  /** Longer lines are cut to this many characters. */
  maxLineChars: number;
  /** Stop keeping lines once their formatted text would pass this many bytes. */
  maxBytes: number;
  /** Bytes each kept line costs besides its text. @default the widest line number, a tab and a newline */
  overheadBytes?: number;
  /** Extra bytes a cut line costs (its marker). @default 64 */
  cutMarkerBytes?: number;
  /** The number of the line the first pushed byte belongs to (when the scan starts at a known line start). @default 1 */
  firstLine?: number;
}

const NL = 10;

/**
 * Counts the lines of a UTF-8 byte stream (up to the window, or all of them) and keeps the lines of one window,
 * holding at most one cut line in memory: feed chunks with `push`, then
 * `finish`. Lines outside the window are only counted (`countNewlines`, a
 * SIMD loop), never split.
 */
export class LineWindow {
  readonly #o: Required<LineWindowOptions>;
  readonly #end: number;
  readonly #keepBytes: number;
  readonly #lines: WindowLine[] = [];
  #line = 1;
  #parts: Uint8Array[] = [];
  #partBytes = 0;
  #lineBytes = 0;
  #usedBytes = 0;
  #capped = false;
  #lastByte = NL;
  #leftover = false;

  constructor(options: LineWindowOptions) {
    this.#o = {
      overheadBytes: String(options.offset + options.limit - 1).length + 2,
      cutMarkerBytes: 64,
      firstLine: 1,
      ...options,
    };
    this.#line = this.#o.firstLine;
    this.#end = options.offset + options.limit;
    this.#keepBytes = options.maxLineChars * 4 + 4;
  }

  /** True once the window is full (or capped): later lines could only be counted. */
  get done(): boolean {
    return this.#capped || this.#line >= this.#end;
  }

  /** The number of the line the next pushed byte belongs to (1 + the newlines scanned, counting from `firstLine`). */
  get line(): number {
    return this.#line;
  }

  /** True when a `push` that stopped at the end of the window left bytes of the chunk unscanned. */
  get leftover(): boolean {
    return this.#leftover;
  }

  /**
   * Scans one chunk; the chunk may be reused by the caller afterwards. With
   * `countRest` false, scanning stops where the window is done (the rest of
   * the chunk is not looked at; see `leftover`).
   */
  push(chunk: Uint8Array, countRest = true): void {
    const n = chunk.length;
    if (n === 0) return;
    this.#lastByte = chunk[n - 1] ?? NL;
    let pos = 0;
    if (this.#line < this.#o.offset) {
      pos = this.#skip(chunk);
      if (pos === -1) return;
    }
    while (pos < n) {
      if (this.done) {
        if (!countRest) this.#leftover = true;
        else this.#line += countNewlines(pos === 0 ? chunk : chunk.subarray(pos));
        return;
      }
      // Here the line is in the window (before it was skipped above; past it is done).
      const nl = chunk.indexOf(NL, pos);
      this.#append(chunk, pos, nl === -1 ? n : nl);
      if (nl === -1) return;
      this.#finishLine();
      this.#line++;
      pos = nl + 1;
    }
  }

  /**
   * Passes the lines before the window: counts the chunk's newlines at once
   * and, when the window starts inside it, walks to that line's start from
   * whichever end of the chunk is nearer. Returns where the window starts, or
   * -1 when it does not start in this chunk.
   */
  #skip(chunk: Uint8Array): number {
    const need = this.#o.offset - this.#line;
    const count = countNewlines(chunk);
    if (count < need) {
      this.#line += count;
      return -1;
    }
    this.#line += need;
    let at: number;
    if (need <= count - need) {
      at = -1;
      for (let k = 0; k < need; k++) at = chunk.indexOf(NL, at + 1);
    } else {
      // The need-th newline from the start is the (count - need + 1)-th from the end.
      at = chunk.length;
      for (let k = count - need; k >= 0; k--) at = chunk.lastIndexOf(NL, at - 1);
    }
    return at + 1;
  }

  /**
   * Ends the scan and returns what was found. `complete` false: the stream
   * was left before its end, so `total` counts only the lines scanned.
   */
  finish(complete = true): LineWindowResult {
    if (!complete) return { lines: this.#lines, total: this.#line - 1, capped: this.#capped, complete };
    const unterminated = this.#lastByte !== NL;
    if (unterminated && this.#wanted()) this.#finishLine();
    const total = unterminated ? this.#line : this.#line - 1;
    return { lines: this.#lines, total, capped: this.#capped, complete };
  }

  #wanted(): boolean {
    return !this.#capped && this.#line >= this.#o.offset && this.#line < this.#end;
  }

  #append(chunk: Uint8Array, from: number, to: number): void {
    this.#lineBytes += to - from;
    const room = this.#keepBytes - this.#partBytes;
    if (room <= 0 || to <= from) return;
    const piece = chunk.slice(from, Math.min(to, from + room));
    this.#parts.push(piece);
    this.#partBytes += piece.length;
  }

  #finishLine(): void {
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Uint8Array) : Buffer.concat(this.#parts);
    let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
    let lineBytes = this.#lineBytes;
    if (text.endsWith("\r") && lineBytes === bytes.length) {
      text = text.slice(0, -1);
      lineBytes--;
    }
    this.#parts = [];
    this.#partBytes = 0;
    this.#lineBytes = 0;
    const cut = text.length > this.#o.maxLineChars || lineBytes > bytes.length;
    if (cut) text = text.slice(0, this.#o.maxLineChars);
    const cost = Buffer.byteLength(text) + this.#o.overheadBytes + (cut ? this.#o.cutMarkerBytes : 0);
    if (this.#usedBytes + cost > this.#o.maxBytes && this.#lines.length > 0) {
      this.#capped = true;
      return;
    }
    this.#usedBytes += cost;
    this.#lines.push(
      cut ? { number: this.#line, text, cutFromBytes: lineBytes } : { number: this.#line, text },
    );
  }
}
