import { cutLine } from "../diff/unified-diff.js";
import type { AppliedHunk } from "./locate.js";
import type { HunkLine } from "./patch.js";

/** Options for `appliedDiff`. */
export interface AppliedDiffOptions {
  /** The old and new names as replies show them. */
  fromShown: string;
  toShown: string;
  /** The old file's lines. */
  before: { readonly length: number; line(i: number): string };
  /** The hunks as applied, in file order. */
  applied: readonly AppliedHunk[];
  /** Unchanged lines around each change. @default 3 */
  contextLines?: number;
  /** Longer diffs are cut with a note. */
  maxLines: number;
  /** Longer lines of the diff are cut with a note. @default 2000 */
  maxLineChars?: number;
}

/** A run of changed lines: where it starts in the old file, and which of its hunk's lines it spans. */
interface Change {
  readonly oldStart: number;
  /** The old line after its last old line. */
  readonly oldEnd: number;
  readonly hunk: AppliedHunk;
  /** Lines `a` (inclusive) to `b` (exclusive) of the hunk. */
  readonly a: number;
  readonly b: number;
}

/**
 * The unified diff of a patched file, written from the hunks as they were
 * applied (no line diff is run, so 100,000 hunks cost a pass over them): each
 * hunk's own context is trimmed and `contextLines` of the file are put
 * around it, and hunks that come that close are merged. Past `maxLines` the
 * lines are only counted, for the note (no line text is made). Pure.
 */
export function appliedDiff({
  fromShown,
  toShown,
  before,
  applied,
  contextLines = 3,
  maxLines,
  maxLineChars = 2000,
}: AppliedDiffOptions): string {
  const out = [`--- a/${fromShown}`, `+++ b/${toShown}`];
  let more = 0;
  const emit = (line: string) => {
    if (out.length < maxLines) out.push(cutLine(line, maxLineChars));
    else more++;
  };
  const changes = trimmed(applied);
  let delta = 0;
  for (let i = 0; i < changes.length; ) {
    // The changes of one diff hunk: those less than two contexts apart.
    let j = i + 1;
    while (j < changes.length && startOf(changes[j]) - endOf(changes[j - 1]) <= 2 * contextLines) j++;
    const first = changes[i] as Change;
    const lastEnd = endOf(changes[j - 1]);
    const top = Math.max(0, first.oldStart - contextLines);
    const bottom = Math.min(before.length, lastEnd + contextLines);
    if (out.length >= maxLines) {
      // Only counted: the header, the context between and around the changes, and the changes' lines.
      more += 1 + (first.oldStart - top) + (bottom - lastEnd);
      for (let k = i; k < j; k++) {
        const change = changes[k] as Change;
        if (k > i) more += change.oldStart - endOf(changes[k - 1]);
        more += change.b - change.a;
      }
      i = j;
      continue;
    }
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    const context = (from: number, to: number) => {
      for (let k = from; k < to; k++) body.push(` ${before.line(k)}`);
      oldCount += to - from;
      newCount += to - from;
    };
    context(top, first.oldStart);
    for (let k = i; k < j; k++) {
      const change = changes[k] as Change;
      if (k > i) context(endOf(changes[k - 1]), change.oldStart);
      const { lines, shift } = change.hunk;
      let old = change.oldStart;
      for (let n = change.a; n < change.b; n++) {
        const line = lines[n] as HunkLine;
        if (line.op === "+") {
          body.push(`+${shift ? shift(line.text) : line.text}`);
          newCount++;
          continue;
        }
        body.push(`${line.op}${before.line(old++)}`);
        oldCount++;
        if (line.op === " ") newCount++;
      }
    }
    context(lastEnd, bottom);
    const newTop = top + delta;
    emit(
      `@@ -${oldCount === 0 ? top : top + 1},${oldCount} +${newCount === 0 ? newTop : newTop + 1},${newCount} @@`,
    );
    for (const line of body) emit(line);
    delta += newCount - oldCount;
    i = j;
  }
  return more === 0 ? out.join("\n") : `${out.join("\n")}\n[diff cut: ${more} more lines]`;
}

/** The hunks without their leading and trailing context lines; hunks that change nothing are dropped. */
function trimmed(applied: readonly AppliedHunk[]): Change[] {
  const changes: Change[] = [];
  for (const hunk of applied) {
    const { lines } = hunk;
    let a = 0;
    let b = lines.length;
    while (a < b && lines[a]?.op === " ") a++;
    while (b > a && lines[b - 1]?.op === " ") b--;
    if (a === b) continue;
    let oldEnd = hunk.oldStart + a;
    for (let n = a; n < b; n++) if (lines[n]?.op !== "+") oldEnd++;
    changes.push({ oldStart: hunk.oldStart + a, oldEnd, hunk, a, b });
  }
  return changes;
}

function startOf(change: Change | undefined): number {
  return change?.oldStart ?? 0;
}

/** The old line after the change's last old line. */
function endOf(change: Change | undefined): number {
  return change?.oldEnd ?? 0;
}
