import { type FileChange, type Hunk, type HunkLine, hunkLine, malformed, type ParsedPatch } from "./patch.js";

/** The first line of a Codex patch. */
export const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const ADD = "*** Add File: ";
const DELETE = "*** Delete File: ";
const UPDATE = "*** Update File: ";
const MOVE = "*** Move to: ";
const END_OF_FILE = "*** End of File";

/**
 * Parses the Codex patch format: `*** Begin Patch`, then `*** Add File:`,
 * `*** Delete File:` and `*** Update File:` (with an optional `*** Move to:`
 * and `@@` hunks of ` `/`-`/`+` lines, `*** End of File`), then
 * `*** End Patch`. `lines` are the patch's lines (`\n` split); `first` is
 * the index of the `*** Begin Patch` line. Pure; throws a malformed-patch
 * error naming the line.
 */
export function parseCodex(lines: readonly string[], first: number): ParsedPatch {
  const changes: FileChange[] = [];
  let i = first + 1;
  const at = (k: number) => lines[k] ?? "";
  for (;;) {
    if (i >= lines.length) throw malformed(lines.length, `the patch ends without \`${END}\``);
    // Codex trims marker and header lines, so padding around them is allowed.
    const line = at(i).trim();
    const n = i + 1;
    if (line === END) break;
    if (line === "") {
      i++;
    } else if (line.startsWith(ADD)) {
      const path = pathOf(line, ADD, n);
      const content: string[] = [];
      for (i++; i < lines.length && at(i).startsWith("+"); i++) content.push(at(i).slice(1));
      changes.push({ kind: "add", path, patchLine: n, lines: content, noEol: false });
    } else if (line.startsWith(DELETE)) {
      changes.push({ kind: "delete", path: pathOf(line, DELETE, n), patchLine: n, hunks: [] });
      i++;
    } else if (line.startsWith(UPDATE)) {
      const path = pathOf(line, UPDATE, n);
      i++;
      let moveTo: string | undefined;
      if (at(i).trim().startsWith(MOVE)) {
        moveTo = pathOf(at(i).trim(), MOVE, i + 1);
        i++;
      }
      const read = readHunks(lines, i);
      i = read.next;
      if (read.hunks.length === 0 && moveTo === undefined) {
        throw malformed(
          n,
          `\`${UPDATE}${path}\` has no hunks (no \`@@\`, \` \`, \`-\` or \`+\` lines follow it)`,
        );
      }
      changes.push({ kind: "update", path, patchLine: n, hunks: read.hunks, ...(moveTo ? { moveTo } : {}) });
    } else {
      throw malformed(
        n,
        `expected \`${ADD.trim()}\`, \`${DELETE.trim()}\`, \`${UPDATE.trim()}\` or \`${END}\`, got ${JSON.stringify(cut(line))}`,
      );
    }
  }
  for (let k = i + 1; k < lines.length; k++) {
    if (at(k).trim() !== "") throw malformed(k + 1, `text after \`${END}\`: ${JSON.stringify(cut(at(k)))}`);
  }
  if (changes.length === 0) throw malformed(i + 1, "the patch changes no file");
  return { format: "codex", changes };
}

/** The hunks of one Update File, up to the next `*** ` line. */
function readHunks(lines: readonly string[], start: number): { hunks: Hunk[]; next: number } {
  const hunks: Hunk[] = [];
  let anchors: string[] = [];
  let hint: number | undefined;
  let body: HunkLine[] = [];
  let hunkStart: number | undefined;
  const finish = (atEnd: boolean, n: number) => {
    if (body.length === 0) {
      if (atEnd || anchors.length > 0) throw malformed(n, "a hunk has no ` `, `-` or `+` lines");
      return;
    }
    hunks.push({
      patchLine: hunkStart ?? n,
      anchors,
      lines: body,
      atEnd,
      oldNoEol: false,
      newNoEol: false,
      ...(hint === undefined ? {} : { hint }),
    });
    anchors = [];
    hint = undefined;
    body = [];
    hunkStart = undefined;
  };
  let i = start;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const n = i + 1;
    if (mayBeStarred(line)) {
      if (line.trim() === END_OF_FILE) {
        finish(true, n);
        continue;
      }
      if (line.startsWith("***") || isMarker(line.trim())) break;
    }
    if (line.startsWith("@@")) {
      if (body.length > 0) finish(false, n);
      hunkStart ??= n;
      const anchor = line.slice(2).trim();
      // A unified-diff header (`@@ -12,3 +12,4 @@ ...`) in a Codex patch gives a line-number hint, not a line to find.
      const numbers = /^-(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(anchor);
      if (numbers) hint = Number(numbers[1]);
      else if (anchor !== "") anchors.push(anchor);
      continue;
    }
    // An empty line stands for an empty context line (editors strip the lone space).
    const parsed = line === "" ? { op: " " as const, text: "" } : hunkLine(line);
    if (!parsed) {
      throw malformed(
        n,
        `expected a hunk line starting with \` \`, \`-\` or \`+\`, \`@@\`, or a \`***\` line, got ${JSON.stringify(cut(line))}`,
      );
    }
    hunkStart ??= n;
    body.push(parsed);
  }
  // Trailing empty lines before the next `***` line are separators, not context.
  while (body.length > 0 && body.at(-1)?.text === "" && body.at(-1)?.op === " " && lines[i - 1] === "") {
    body.pop();
    i--;
  }
  finish(false, i);
  return { hunks, next: skipBlank(lines, i) };
}

/**
 * False when the line, trimmed, surely does not start with `*` (so it is no
 * `***` line): its first character, or the one after a leading space, is
 * printable ASCII other than `*`. Spares a trimmed copy of each hunk line.
 */
function mayBeStarred(line: string): boolean {
  const printable = (c: number) => c > 32 && c < 127 && c !== 42;
  const c = line.charCodeAt(0);
  return !(printable(c) || (c === 32 && printable(line.charCodeAt(1))));
}

/** A line that ends an Update File's hunks however it is padded: `*** End Patch` or the next file's header. */
function isMarker(trimmed: string): boolean {
  return trimmed === END || [ADD, DELETE, UPDATE].some((header) => trimmed.startsWith(header));
}

function skipBlank(lines: readonly string[], i: number): number {
  while (i < lines.length && lines[i] === "") i++;
  return i;
}

function pathOf(line: string, prefix: string, n: number): string {
  const path = line.slice(prefix.length).trim();
  if (path === "") throw malformed(n, `\`${prefix.trim()}\` has no path`);
  return path;
}

/** A line cut for an error message. */
export function cut(line: string): string {
  return line.length > 80 ? `${line.slice(0, 80)}...` : line;
}
