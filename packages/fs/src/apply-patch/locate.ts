import { ToolError } from "@toolkit/core";
import { editFailureError } from "../edit/edit-failure.js";
import { nearestRegion } from "../match/nearest-region.js";
import { FileLines, joinLines } from "./file-lines.js";
import { LineFinder, type Pass } from "./line-finder.js";
import { type Hunk, type HunkLine, oldSide } from "./patch.js";

/**
 * One hunk as applied: where it stands in the old file (0-based line) and
 * the patch's lines. Context and removed lines are the old file's own lines
 * from `oldStart` on (read from the file when the diff is written, so no
 * copy is made per hunk); added lines are `shift` of the patch's text.
 */
export interface AppliedHunk {
  readonly oldStart: number;
  readonly lines: readonly HunkLine[];
  /** The indentation change of added lines (a hunk matched ignoring surrounding whitespace); absent: none. */
  readonly shift?: (line: string) => string;
}

/** The text with the hunks applied, the old lines and each hunk as applied (for the diff), and the loose hunks. */
export interface Patched {
  readonly text: string;
  /** The old file's lines. */
  readonly before: FileLines;
  readonly applied: readonly AppliedHunk[];
  /** The 1-based numbers of the hunks that matched only with whitespace ignored. */
  readonly loose: readonly number[];
}

/**
 * Applies a file's hunks to its text in one forward pass, each hunk located
 * on the original text after the previous one. Lines end at `\r\n`, a lone
 * `\r` or `\n`; kept lines keep their own line end, added lines get the
 * file's usual one. A hunk's context and removed lines are looked for
 * exactly, then ignoring trailing whitespace, then ignoring surrounding
 * whitespace; among several places the one nearest the hunk's line-number
 * hint wins (unified diffs), else the first (Codex). Context lines keep the
 * file's own text. Pure: throws a ToolError naming the hunk and the nearest
 * region when a hunk is not found.
 */
export function applyHunks(text: string, hunks: readonly Hunk[], shown: string): Patched {
  const file = new FileLines(text);
  const usual = file.usualEnd();
  const finder = new LineFinder(file);
  let eol = file.length === 0 || file.end(file.length - 1) !== "";
  // The new text in parts: runs of unchanged lines are slices of the old text, with their line ends.
  const out: string[] = [];
  let lastEnd = "";
  const keep = (a: number, b: number) => {
    if (a >= b) return;
    out.push(text.slice(file.start(a), file.start(b)));
    lastEnd = file.end(b - 1);
  };
  const put = (line: string, end: string) => {
    if (lastEnd === "" && out.length > 0) out.push(usual);
    out.push(line, end);
    lastEnd = end;
  };
  const applied: AppliedHunk[] = [];
  const loose: number[] = [];
  let cursor = 0;
  /** The first old line not yet in `out`. */
  let run = 0;
  let delta = 0;
  const shownText = () => joinLines(file.all(), eol);
  for (let index = 0; index < hunks.length; index++) {
    const hunk = hunks[index] as Hunk;
    // Made only for a message: 100,000 hunks would make as many strings.
    const name = () => `hunk ${index + 1} (patch line ${hunk.patchLine})`;
    let from = cursor;
    for (const anchor of hunk.anchors) {
      const found = finder.find([anchor], from);
      if (!found) throw notFound(shownText(), anchor, `@@ ${anchor} line of ${name()}`, shown);
      from = found.at + 1;
    }
    const old = oldSide(hunk);
    let start: number;
    let pass: Pass = "exact";
    if (old.length === 0) {
      // Nothing to match: `@@ -l,0` inserts after line l; a Codex hunk after its `@@` line, else at the end.
      start = hunk.hint !== undefined ? hunk.hint + delta : hunk.anchors.length > 0 ? from : file.length;
      if (start < cursor || start > file.length) {
        throw ToolError.execution(
          `${name()} adds lines after line ${start}, but ${shown} has ${file.length} lines${start < cursor ? " and the previous hunk ends later" : ""}; nothing was written`,
          { advice: "Give the hunk context lines from the file so that its place can be found." },
        );
      }
    } else {
      const hint = hunk.hint === undefined ? undefined : hunk.hint - 1 + delta;
      const found = finder.find(
        old,
        from,
        hint === undefined ? { atEnd: hunk.atEnd } : { atEnd: hunk.atEnd, hint },
      );
      if (!found) throw notFound(shownText(), old.join("\n"), name(), shown);
      start = found.at;
      pass = found.pass;
    }
    if (hunk.hint !== undefined) delta = start - (old.length === 0 ? hunk.hint : hunk.hint - 1);
    const shift =
      pass === "surrounding"
        ? reindent(
            old,
            old.map((_, k) => file.line(start + k)),
          )
        : undefined;
    // Lines between hunks and context lines stay in the run of kept lines (one slice of the old
    // text, with their own ends); a removed or added line ends the run.
    let k = start;
    for (const line of hunk.lines) {
      if (line.op === " ") {
        k++;
        continue;
      }
      keep(run, k);
      if (line.op === "+") {
        put(shift ? shift(line.text) : line.text, usual);
        run = k;
      } else run = ++k;
    }
    applied.push(
      shift ? { oldStart: start, lines: hunk.lines, shift } : { oldStart: start, lines: hunk.lines },
    );
    cursor = k;
    if (pass !== "exact") loose.push(index + 1);
    if (hunk.newNoEol) eol = false;
    else if (hunk.oldNoEol) eol = true;
  }
  keep(run, file.length);
  // The last line ends as the file did, or as `\ No newline at end of file` says.
  let result = out.join("");
  if (eol && lastEnd === "" && result !== "") result += usual;
  if (!eol && lastEnd !== "") result = result.slice(0, result.length - lastEnd.length);
  return { text: result, before: file, applied, loose };
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
