/** A region found by tolerant matching. */
export interface TolerantMatch {
  /** Offsets of the region in the text. */
  readonly start: number;
  readonly end: number;
  /** The replacement, re-indented to the file's indentation. */
  readonly replacement: string;
}

/** What tolerant matching found: one region, or how many (0 or several). */
export type TolerantResult = { readonly match: TolerantMatch } | { readonly count: number };

interface Line {
  readonly start: number;
  readonly end: number;
  readonly trimmed: string;
}

/**
 * Looks for `oldString` comparing whole lines with leading and trailing
 * whitespace ignored. Applies only when exactly one region matches; the new
 * text's indentation is shifted the way the file's differs from
 * `oldString`'s. Pure.
 */
export function tolerantMatch(text: string, oldString: string, newString: string): TolerantResult {
  const keepsNewline = oldString.endsWith("\n");
  const wanted = (keepsNewline ? oldString.slice(0, -1) : oldString).split("\n").map((l) => l.trim());
  if (wanted.every((l) => l === "")) return { count: 0 };
  const lines = splitLines(text);
  const starts: number[] = [];
  for (let i = 0; i + wanted.length <= lines.length && starts.length < 2; i++) {
    if (wanted.every((w, k) => lines[i + k]?.trimmed === w)) starts.push(i);
  }
  const i = starts[0];
  if (starts.length !== 1 || i === undefined) return { count: starts.length };
  const first = lines[i] as Line;
  const last = lines[i + wanted.length - 1] as Line;
  const end = keepsNewline && last.end < text.length ? last.end + 1 : last.end;
  const region = text.slice(first.start, last.end);
  return { match: { start: first.start, end, replacement: reindent(newString, oldString, region) } };
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    out.push({ start, end, trimmed: text.slice(start, end).trim() });
    if (nl === -1) break;
    start = nl + 1;
  }
  return out;
}

function indentOf(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.slice(0, line.length - line.trimStart().length);
}

/** Swaps `oldString`'s indentation prefix for the file's on every line of the new text that has it. */
function reindent(newString: string, oldString: string, region: string): string {
  const from = indentOf(oldString);
  const to = indentOf(region);
  if (from === to) return newString;
  return newString
    .split("\n")
    .map((l) => (l.trim() === "" || !l.startsWith(from) ? l : to + l.slice(from.length)))
    .join("\n");
}
