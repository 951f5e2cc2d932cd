import { formatNumber } from "../text/line-format.js";

/** `diff` is loaded on first use, so processes that only read never pay for it. */
let jsdiff: Promise<typeof import("diff")> | undefined;

/** Options for `unifiedDiff`. */
export interface UnifiedDiffOptions {
  /** The file as replies name it. */
  shown: string;
  /** The old text (`undefined` for a new file). */
  before: string | undefined;
  after: string;
  /** Unchanged lines around each change. @default 3 */
  contextLines?: number;
  /** Longer diffs are cut with a note. @default 400 */
  maxLines?: number;
  /** The line number of the first line of `before` and `after` (they may be a region of a larger file). @default 1 */
  firstLineNumber?: number;
  /** Longer lines of the diff are cut with a note (a one-line file of 5 MB stays a short reply). @default 2000 */
  maxLineChars?: number;
}

/**
 * A unified diff (`--- a/x`, `+++ b/x`, `@@ -l,n +l,n @@`) between two texts.
 * Only the region between the common prefix and suffix is diffed, so a
 * one-line change in a large file costs a scan, not a full line diff. No I/O.
 */
export async function unifiedDiff({
  shown,
  before,
  after,
  contextLines = 3,
  maxLines = 400,
  maxLineChars = 2000,
  firstLineNumber = 1,
}: UnifiedDiffOptions): Promise<string> {
  const old = before ?? "";
  const { start, endOld, endNew, firstLine } = changedRegion(old, after, contextLines);
  jsdiff ??= import("diff");
  const { structuredPatch } = await jsdiff;
  const patch = structuredPatch("a", "b", old.slice(start, endOld), after.slice(start, endNew), "", "", {
    context: contextLines,
  });
  const out = [before === undefined ? "--- /dev/null" : `--- a/${shown}`, `+++ b/${shown}`];
  for (const h of patch.hunks) {
    const shift = firstLine + firstLineNumber - 2;
    const oldStart = h.oldStart + shift - (h.oldLines === 0 ? 1 : 0);
    const newStart = h.newStart + shift - (h.newLines === 0 ? 1 : 0);
    out.push(`@@ -${oldStart},${h.oldLines} +${newStart},${h.newLines} @@`);
    for (const line of h.lines) out.push(cutLine(line, maxLineChars));
  }
  if (out.length <= maxLines) return out.join("\n");
  return `${out.slice(0, maxLines).join("\n")}\n[diff cut: ${out.length - maxLines} more lines]`;
}

/** A diff line (its `+`, `-` or space first) cut to `maxChars` characters of text, with a note. */
export function cutLine(line: string, maxChars: number): string {
  const more = line.length - 1 - maxChars;
  if (more <= 0) return line;
  return `${line.slice(0, 1 + maxChars)} [line cut: ${formatNumber(more)} more characters]`;
}

/** Line-aligned bounds of what differs, widened by `context` lines, with the first line's number. */
function changedRegion(a: string, b: string, context: number) {
  const prefix = commonPrefix(a, b);
  const suffix = Math.min(commonSuffix(a, b), Math.min(a.length, b.length) - prefix);
  let start = lineStart(a, prefix);
  for (let k = 0; k < context && start > 0; k++) start = lineStart(a, start - 1);
  let endOld = a.length - suffix;
  for (let k = 0; k <= context && endOld < a.length; k++) {
    const nl = a.indexOf("\n", endOld);
    endOld = nl === -1 ? a.length : nl + 1;
  }
  const endNew = b.length - (a.length - endOld);
  return { start, endOld, endNew, firstLine: countNewlines(a, start) + 1 };
}

/** The index where the line holding position `at` starts. */
function lineStart(text: string, at: number): number {
  return at <= 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
}

const BLOCK = 4096;

/** Length of the common prefix, compared a block at a time. */
export function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i + BLOCK <= max && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix, compared a block at a time. */
export function commonSuffix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (
    i + BLOCK <= max &&
    a.slice(a.length - i - BLOCK, a.length - i) === b.slice(b.length - i - BLOCK, b.length - i)
  ) {
    i += BLOCK;
  }
  while (i < max && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** How many `\n` occur in `text` before `end`. */
export function countNewlines(text: string, end = text.length): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
