/** What a search needs from one file. */
export type ScanMode = "files_with_matches" | "content" | "count";

/** One output line of a file: its number (from 1), its text, and whether it matched. */
export type ScanLine = readonly [line: number, text: string, isMatch: boolean];

/** The result of scanning one file's text. */
export interface ScanResult {
  /** Matching lines (a multi-line match counts once, as ripgrep counts it). */
  readonly count: number;
  /** Match and context lines in order (content mode only). */
  readonly lines: ScanLine[];
}

/**
 * Scans a whole text with a global regex the way ripgrep reports it: by
 * lines, a line matching once however many matches it holds, a multi-line
 * match covering every line it touches. Pure.
 */
export function scanText(options: {
  text: string;
  regex: RegExp;
  mode: ScanMode;
  before?: number;
  after?: number;
  /** Count every match rather than every line (ripgrep does when a multiline pattern can match "\n"). */
  perMatch?: boolean;
}): ScanResult | undefined {
  const { text, regex, mode, before = 0, after = 0, perMatch = false } = options;
  if (perMatch) return scanMatches(text, regex, mode, before, after);
  // A text ending in "\n" has no line after it: a match there is no match.
  const end = text.length === 0 || text.endsWith("\n") ? text.length : text.length + 1;
  const blocks: Array<[number, number]> = []; // [first offset, last offset] of each match region
  regex.lastIndex = 0;
  for (;;) {
    const m = regex.exec(text);
    if (m === null || m.index >= end) break;
    const start = lineStart(text, m.index);
    const last = m[0].length === 0 ? m.index : m.index + m[0].length - 1;
    const stop = lineEnd(text, Math.max(last, m.index));
    const prev = blocks[blocks.length - 1];
    if (prev !== undefined && start <= prev[1]) prev[1] = Math.max(prev[1], stop);
    else blocks.push([start, stop]);
    if (mode === "files_with_matches") break;
    regex.lastIndex = stop + 1;
  }
  if (blocks.length === 0) return undefined;
  if (mode !== "content") return { count: blocks.length, lines: [] };
  return { count: blocks.length, lines: linesOf(text, blocks, before, after) };
}

/**
 * Every match counts once, iterating as Rust's regex does (an empty match
 * right where the previous match ended is skipped); lines are those any match covers.
 */
function scanMatches(
  text: string,
  regex: RegExp,
  mode: ScanMode,
  before: number,
  after: number,
): ScanResult | undefined {
  const end = text.length === 0 || text.endsWith("\n") ? text.length : text.length + 1;
  const blocks: Array<[number, number]> = [];
  let count = 0;
  let previousEnd = -1;
  regex.lastIndex = 0;
  for (;;) {
    const m = regex.exec(text);
    if (m === null || m.index >= end) break;
    const matchEnd = m.index + m[0].length;
    if (m[0].length === 0) {
      regex.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
      if (m.index === previousEnd) continue;
    }
    previousEnd = matchEnd;
    count++;
    if (mode === "files_with_matches") break;
    const last = m[0].length === 0 ? m.index : matchEnd - 1;
    blocks.push([lineStart(text, m.index), lineEnd(text, last)]);
  }
  if (count === 0) return undefined;
  return { count, lines: mode === "content" ? linesOf(text, blocks, before, after) : [] };
}

function lineStart(text: string, offset: number): number {
  // lastIndexOf treats a negative start as 0 and would find a "\n" at offset 0.
  return offset === 0 ? 0 : text.lastIndexOf("\n", offset - 1) + 1;
}

/** The offset of the "\n" ending the line holding `offset` (or the text's length). */
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf("\n", offset);
  return nl === -1 ? text.length : nl;
}

function linesOf(
  text: string,
  blocks: ReadonlyArray<[number, number]>,
  before: number,
  after: number,
): ScanLine[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1 && i + 1 < text.length; i = text.indexOf("\n", i + 1))
    starts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const kinds = new Map<number, boolean>();
  for (const [from, to] of blocks) {
    const first = lineOf(from);
    const last = lineOf(to);
    for (let l = Math.max(0, first - before); l < first; l++) if (!kinds.has(l)) kinds.set(l, false);
    for (let l = first; l <= last; l++) kinds.set(l, true);
    for (let l = last + 1; l <= Math.min(starts.length - 1, last + after); l++)
      if (!kinds.has(l)) kinds.set(l, false);
  }
  return [...kinds.keys()]
    .sort((a, b) => a - b)
    .map((l) => {
      const from = starts[l] as number;
      const next = starts[l + 1];
      const to = next === undefined ? (text.endsWith("\n") ? text.length - 1 : text.length) : next - 1;
      return [l + 1, text.slice(from, to), kinds.get(l) === true] as const;
    });
}
