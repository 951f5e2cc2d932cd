import type { ScanLine } from "../js-engine/scan-text.js";

/** ripgrep's JSON text field: UTF-8 text, or base64 bytes when it is not valid UTF-8. */
interface RgText {
  text?: string;
  bytes?: string;
}

/** One parsed line of `rg --json` that carries output lines. */
export interface RgJsonLines {
  readonly path: string;
  readonly isMatch: boolean;
  readonly lines: ScanLine[];
}

/** `./a/b` → `a/b` (ripgrep prefixes "./" when searching "."). */
export function cleanPath(path: string): string {
  return path.startsWith("./") ? path.slice(2) : path;
}

function textOf(value: RgText | undefined): string {
  if (value?.text !== undefined) return value.text;
  if (value?.bytes !== undefined) return Buffer.from(value.bytes, "base64").toString("utf8");
  return "";
}

/** Parses one `rg --json` line; undefined for message types other than match and context. Pure. */
export function parseJsonLine(line: string): RgJsonLines | undefined {
  if (!line.startsWith('{"type":"match"') && !line.startsWith('{"type":"context"')) return undefined;
  const message = JSON.parse(line) as {
    type: string;
    data: { path: RgText; lines: RgText; line_number: number | null };
  };
  const isMatch = message.type === "match";
  const text = textOf(message.data.lines);
  const parts = text.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  const first = message.data.line_number ?? 0;
  return {
    path: cleanPath(textOf(message.data.path)),
    isMatch,
    lines: parts.map((t, i) => [first + i, t, isMatch] as const),
  };
}

/** One line of ripgrep's plain output: `path NUL number (":" for a match, "-" for context) text`. */
export interface RgPlainLine {
  readonly path: string;
  readonly line: ScanLine;
}

const NUL = 0;
const LF = 10;
const COLON = 58;
const DASH = 45;
/** The end of ripgrep's note on a binary file given by name: `PATH: binary file matches (found "\0" byte around offset N)`. */
const BINARY_NOTE = /byte around offset \d+\)\n/g;

/**
 * Parses ripgrep's plain content output, run with `--line-number --null
 * --with-filename --no-heading --no-context-separator`, as it streams in:
 * each record is a path ended by NUL (so a path may hold a newline), the line
 * number, `:` for a match or `-` for context, and the line up to `\n`. Its
 * note on a binary file given by name (a line without NUL) is skipped. Much
 * less to write and to parse than `--json` (about a fifth of the bytes).
 */
export class RgPlainParser {
  #pending: Buffer = Buffer.alloc(0);
  #pathBytes: Buffer = Buffer.alloc(0);
  #path = "";

  /** Feeds a chunk of stdout; calls `emit` for each whole record (return false from it to stop). */
  push(chunk: Buffer, emit: (path: string, line: ScanLine) => boolean): void {
    const buf = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    let p = 0;
    for (;;) {
      const nul = buf.indexOf(NUL, p);
      const lf = buf.indexOf(LF, p);
      if (nul === -1) break;
      if (lf !== -1 && lf < nul) {
        // A line without NUL: a note on a binary file, or a path holding a newline.
        const notes = [...buf.toString("latin1", p, nul).matchAll(BINARY_NOTE)].at(-1);
        if (notes) {
          p += (notes.index ?? 0) + notes[0].length;
          continue;
        }
      }
      const end = buf.indexOf(LF, nul);
      if (end === -1) break;
      const record = this.#record(buf, p, nul, end);
      p = end + 1;
      if (record && !emit(record.path, record.line)) {
        this.#pending = Buffer.alloc(0);
        return;
      }
    }
    // Keep the unparsed tail (a copy: the chunk's memory may be reused).
    this.#pending = Buffer.from(buf.subarray(p));
  }

  #record(buf: Buffer, start: number, nul: number, end: number): RgPlainLine | undefined {
    let at = nul + 1;
    let number = 0;
    while (at < end) {
      const c = buf[at] ?? 0;
      if (c < 48 || c > 57) break;
      number = number * 10 + c - 48;
      at++;
    }
    const sep = buf[at];
    if (at === nul + 1 || (sep !== COLON && sep !== DASH)) return undefined;
    // Consecutive lines of one file repeat its path: decode it once.
    const pathLength = nul - start;
    if (
      pathLength !== this.#pathBytes.length ||
      buf.compare(this.#pathBytes, 0, pathLength, start, nul) !== 0
    ) {
      this.#pathBytes = Buffer.from(buf.subarray(start, nul));
      this.#path = cleanPath(this.#pathBytes.toString("utf8"));
    }
    const isMatch = sep === COLON;
    return { path: this.#path, line: [number, buf.toString("utf8", at + 1, end), isMatch] };
  }
}

/** What the debug log says was skipped. */
export type SkipKind = "binary" | "large";

const BINARY = /: ignoring (.+): found binary data at offset \d+$/;
const LARGE = /: ignoring (.+): \d+ bytes$/;

/** Recognises ripgrep's debug lines about skipped files. Pure. */
export function parseSkipLine(line: string): SkipKind | undefined {
  if (!line.startsWith("rg: DEBUG|")) return undefined;
  if (BINARY.test(line)) return "binary";
  if (LARGE.test(line)) return "large";
  return undefined;
}

/** The stderr lines that are real messages (not debug), joined. */
export function errorText(stderr: string): string {
  return stderr
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("rg: DEBUG|") && !l.startsWith("rg: TRACE|"))
    .join("\n")
    .replace(/^rg: /, "")
    .trim();
}
