const END_TEXT = ["", "\n", "\r", "\r\n"] as const;

/**
 * A text cut into lines at `\r\n`, a lone `\r` and `\n`, as Codex does, so a
 * file with old Mac line ends, or a mix, is patched line by line. Lines are
 * kept as offsets into the text (a 1M-line file makes no million strings);
 * `line(i)` cuts one out when it is needed.
 */
export class FileLines {
  readonly text: string;
  /** How many lines. */
  readonly length: number;
  /** Where each line starts, and the text's length last. */
  readonly #starts: Int32Array;
  /** Each line's end: 0 none (the last line only), 1 `\n`, 2 `\r`, 3 `\r\n`. */
  readonly #ends: Uint8Array;

  constructor(text: string) {
    this.text = text;
    const { lf, cr } = count(text);
    const starts = new Int32Array(lf + cr + 2);
    const ends = new Uint8Array(starts.length);
    let n = 0;
    let start = 0;
    if (cr === 0) {
      // Only `\n` ends: found by `indexOf`, much faster than a look at every character.
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
        starts[n] = start;
        ends[n++] = 1;
        start = i + 1;
      }
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        starts[n] = start;
        if (c === 13 && text.charCodeAt(i + 1) === 10) {
          ends[n] = 3;
          i++;
        } else ends[n] = c === 13 ? 2 : 1;
        n++;
        start = i + 1;
      }
    }
    if (start < text.length) starts[n++] = start;
    starts[n] = text.length;
    this.length = n;
    this.#starts = starts;
    this.#ends = ends;
  }

  /** Where line `i` (0-based) starts in the text; `length` gives the text's length. */
  start(i: number): number {
    return this.#starts[i] ?? this.text.length;
  }

  /** Line `i`'s text, without its end. */
  line(i: number): string {
    return this.text.slice(this.start(i), this.#contentEnd(i));
  }

  /** Line `i`'s end: `\r\n`, `\r`, `\n`, or `""` (a last line without one). */
  end(i: number): string {
    return END_TEXT[this.#ends[i] ?? 0] ?? "";
  }

  /** True when line `i` is exactly `want` (no string is made). */
  is(i: number, want: string): boolean {
    const s = this.start(i);
    return this.#contentEnd(i) - s === want.length && this.text.startsWith(want, s);
  }

  /** Line `i`'s `hashString`, computed in place (no string is made). */
  hash(i: number): number {
    return hashRange(this.text, this.start(i), this.#contentEnd(i));
  }

  /** Every line, as strings. */
  all(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.line(i));
  }

  /**
   * The line end that new lines get: the file's most common one (the first
   * line's on a tie), `\n` for a file without any.
   */
  usualEnd(): string {
    const counts = new Int32Array(4);
    for (let i = 0; i < this.length; i++) counts[this.#ends[i] ?? 0] = (counts[this.#ends[i] ?? 0] ?? 0) + 1;
    let best = this.#ends[0] || 1;
    for (let e = 1; e <= 3; e++) if ((counts[e] ?? 0) > (counts[best] ?? 0)) best = e;
    return END_TEXT[best] ?? "\n";
  }

  #contentEnd(i: number): number {
    const code = this.#ends[i] ?? 0;
    return (this.#starts[i + 1] ?? this.text.length) - (code === 3 ? 2 : code === 0 ? 0 : 1);
  }
}

/** A 32-bit FNV-1a hash of a string's UTF-16 code units. Pure. */
export function hashString(text: string): number {
  return hashRange(text, 0, text.length);
}

function hashRange(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** How many `\n` and `\r` the text holds (their sum bounds the lines' count). */
function count(text: string): { lf: number; cr: number } {
  let lf = 0;
  let cr = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lf++;
  for (let i = text.indexOf("\r"); i !== -1; i = text.indexOf("\r", i + 1)) cr++;
  return { lf, cr };
}

/** Lines back into a text with `\n` line ends. */
export function joinLines(lines: readonly string[], finalNewline: boolean): string {
  return lines.length === 0 ? "" : lines.join("\n") + (finalNewline ? "\n" : "");
}
