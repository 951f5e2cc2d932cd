import { ToolError } from "@toolkit/core";
import { editFailureError } from "../edit/edit-failure.js";
import { nearestRegion } from "../match/nearest-region.js";
import { type Hunk, oldSide } from "./patch.js";

/** How a hunk's lines were matched: exactly, ignoring trailing whitespace, or ignoring surrounding whitespace. */
export type Pass = "exact" | "trailing" | "surrounding";

const PASSES: ReadonlyArray<readonly [Pass, (line: string) => string]> = [
  ["exact", (l) => l],
  ["trailing", (l) => l.trimEnd()],
  ["surrounding", (l) => l.trim()],
];

/** The text with the hunks applied, and the 1-based numbers of the hunks that matched only loosely. */
export interface Patched {
  readonly text: string;
  readonly loose: readonly number[];
}

/**
 * Applies a file's hunks to its text (`\n` line ends), all located on the
 * original text in order, each after the previous one. A hunk's context and
 * removed lines are looked for exactly, then ignoring trailing whitespace,
 * then ignoring surrounding whitespace; among several places the one nearest
 * the hunk's line-number hint wins (unified diffs), else the first (Codex).
 * Context lines keep the file's own text. Pure: throws a ToolError naming the
 * hunk and the nearest region when a hunk is not found.
 */
export function applyHunks(text: string, hunks: readonly Hunk[], shown: string): Patched {
  const { lines, finalNewline } = splitLines(text);
  let eol = finalNewline;
  const out: string[] = [];
  const loose: number[] = [];
  let cursor = 0;
  let delta = 0;
  for (const [index, hunk] of hunks.entries()) {
    const name = `hunk ${index + 1} (patch line ${hunk.patchLine})`;
    let from = cursor;
    for (const anchor of hunk.anchors) {
      const found = seek(lines, [anchor], from, {});
      if (!found) throw notFound(text, anchor, `@@ ${anchor} line of ${name}`, shown);
      from = found.at + 1;
    }
    const old = oldSide(hunk);
    let start: number;
    let pass: Pass = "exact";
    if (old.length === 0) {
      // Nothing to match: `@@ -l,0` inserts after line l; a Codex hunk after its `@@` line, else at the end.
      start = hunk.hint !== undefined ? hunk.hint + delta : hunk.anchors.length > 0 ? from : lines.length;
      if (start < cursor || start > lines.length) {
        throw ToolError.execution(
          `${name} adds lines after line ${start}, but ${shown} has ${lines.length} lines${start < cursor ? " and the previous hunk ends later" : ""}; nothing was written`,
          { advice: "Give the hunk context lines from the file so that its place can be found." },
        );
      }
    } else {
      const hint = hunk.hint === undefined ? undefined : hunk.hint - 1 + delta;
      const found = seek(lines, old, from, { atEnd: hunk.atEnd, ...(hint === undefined ? {} : { hint }) });
      if (!found) throw notFound(text, old.join("\n"), name, shown);
      start = found.at;
      pass = found.pass;
    }
    if (hunk.hint !== undefined) delta = start - (old.length === 0 ? hunk.hint : hunk.hint - 1);
    for (let k = cursor; k < start; k++) out.push(lines[k] ?? "");
    const shift =
      pass === "surrounding" ? reindent(old, lines.slice(start, start + old.length)) : (l: string) => l;
    let k = start;
    for (const line of hunk.lines) {
      if (line.op === " ") out.push(lines[k++] ?? "");
      else if (line.op === "-") k++;
      else out.push(shift(line.text));
    }
    cursor = k;
    if (pass !== "exact") loose.push(index + 1);
    if (hunk.newNoEol) eol = false;
    else if (hunk.oldNoEol) eol = true;
  }
  for (let k = cursor; k < lines.length; k++) out.push(lines[k] ?? "");
  return { text: joinLines(out, eol), loose };
}

/** A text as lines, and whether its last line ends with a newline (an empty text counts as ending with one). */
export function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === "") return { lines: [], finalNewline: true };
  const lines = text.split("\n");
  const finalNewline = lines.at(-1) === "";
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

/** Lines back into a text. */
export function joinLines(lines: readonly string[], finalNewline: boolean): string {
  return lines.length === 0 ? "" : lines.join("\n") + (finalNewline ? "\n" : "");
}

/**
 * Where `pattern` occurs in `lines` at or after `from`, trying each pass in
 * turn: at the end when `atEnd` and it fits there, else nearest `hint`, else first.
 */
function seek(
  lines: readonly string[],
  pattern: readonly string[],
  from: number,
  { hint, atEnd = false }: { hint?: number; atEnd?: boolean },
): { at: number; pass: Pass } | undefined {
  const last = lines.length - pattern.length;
  for (const [pass, norm] of PASSES) {
    const want = pattern.map(norm);
    const matchesAt = (i: number) => want.every((w, k) => norm(lines[i + k] ?? "") === w);
    if (atEnd && last >= from && matchesAt(last)) return { at: last, pass };
    if (hint === undefined) {
      for (let i = from; i <= last; i++) if (matchesAt(i)) return { at: i, pass };
      continue;
    }
    // Outward from the hint: the nearest match wins, the earlier one on a tie.
    const h = Math.min(Math.max(hint, from), Math.max(last, from));
    for (let d = 0; h - d >= from || h + d <= last; d++) {
      if (h - d >= from && h - d <= last && matchesAt(h - d)) return { at: h - d, pass };
      if (d > 0 && h + d <= last && h + d >= from && matchesAt(h + d)) return { at: h + d, pass };
    }
  }
  return undefined;
}

/**
 * Shifts added lines from the patch's indentation to the file's, as the
 * first matched line whose indentation differs shows them.
 */
function reindent(old: readonly string[], found: readonly string[]): (line: string) => string {
  const indent = (l: string) => l.slice(0, l.length - l.trimStart().length);
  const k = old.findIndex((l, i) => l.trim() !== "" && indent(l) !== indent(found[i] ?? ""));
  if (k === -1) return (l) => l;
  const from = indent(old[k] ?? "");
  const to = indent(found[k] ?? "");
  return (l) => (l.trim() !== "" && l.startsWith(from) ? to + l.slice(from.length) : l);
}

function notFound(text: string, wanted: string, name: string, shown: string): ToolError {
  const error = editFailureError(
    { kind: "not-found", nearest: nearestRegion(text, wanted, name) },
    { shown, oldField: name, newField: name, replaceAllField: name, afterEarlierEdits: false },
  );
  return new ToolError(error.kind, error.message, {
    advice: `Read ${shown} again and make the hunk's context and \`-\` lines match it (same text; whitespace at the ends of lines may differ).`,
  });
}
