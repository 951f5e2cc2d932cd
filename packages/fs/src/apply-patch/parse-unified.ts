import { cut } from "./parse-codex.js";
import { type FileChange, type Hunk, type HunkLine, hunkLine, malformed, type ParsedPatch } from "./patch.js";

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NO_EOL = "\\ No newline at end of file";
/** Lines a git or svn diff puts between files that say nothing the hunks do not. */
const NOISE = [
  /^index [0-9a-f]+\.\.[0-9a-f]+/,
  /^(old|new|deleted file|new file) mode \d+$/,
  /^(dis)?similarity index \d+%$/,
  /^Index: /,
  /^={20,}$/,
];

interface FileBlock {
  patchLine: number;
  /** From `rename from` / `rename to` (git). */
  renameFrom?: string;
  renameTo?: string;
  oldPath?: string;
  newPath?: string;
  hunks: Hunk[];
}

/**
 * Parses a unified diff: per file `--- old` and `+++ new` (`/dev/null` for
 * an added or deleted file; git's `a/` and `b/` prefixes removed), then
 * `@@ -l,n +l,n @@` hunks of ` `/`-`/`+` lines and `\ No newline at end of
 * file`. Git headers (`diff --git`, `index`, modes, `rename from`/`rename
 * to`) are understood. Line numbers and counts are hints; the hunk's lines
 * are what is matched. Pure; throws a malformed-patch error naming the line.
 */
export function parseUnified(lines: readonly string[]): ParsedPatch {
  const blocks: FileBlock[] = [];
  let block: FileBlock | undefined;
  const at = (k: number) => lines[k] ?? "";
  for (let i = 0; i < lines.length; ) {
    const line = at(i);
    const n = i + 1;
    if (line.startsWith("diff --git ")) {
      block = { patchLine: n, hunks: [] };
      blocks.push(block);
      i++;
    } else if (line.startsWith("--- ") && at(i + 1).startsWith("+++ ")) {
      if (!block || block.oldPath !== undefined || block.hunks.length > 0) {
        block = { patchLine: n, hunks: [] };
        blocks.push(block);
      }
      block.oldPath = headerPath(line, n);
      block.newPath = headerPath(at(i + 1), n + 1);
      i += 2;
    } else if (line.startsWith("@@")) {
      if (!block || block.oldPath === undefined) {
        throw malformed(n, "a hunk (`@@`) comes before its file's `---` and `+++` lines");
      }
      const read = readHunk(lines, i);
      block.hunks.push(read.hunk);
      i = read.next;
    } else if (line.startsWith("rename from ") && block) {
      block.renameFrom = unquote(line.slice("rename from ".length), n);
      i++;
    } else if (line.startsWith("rename to ") && block) {
      block.renameTo = unquote(line.slice("rename to ".length), n);
      i++;
    } else if (line.startsWith("Binary files ") || line === "GIT binary patch") {
      throw malformed(n, "binary patches are not supported", "Change binary files with Shell or Write.");
    } else if (line.trim() === "" || NOISE.some((re) => re.test(line))) {
      i++;
    } else {
      throw malformed(
        n,
        `expected \`--- \`/\`+++ \` file lines, an \`@@\` hunk or a \`diff --git\` line, got ${JSON.stringify(cut(line))}`,
      );
    }
  }
  const changes = blocks.map(toChange);
  if (changes.length === 0) throw malformed(1, "the diff changes no file (no `---`/`+++` lines)");
  return { format: "unified", changes };
}

/** One hunk from its `@@` line to the first line that is not part of it. */
function readHunk(lines: readonly string[], start: number): { hunk: Hunk; next: number } {
  const header = lines[start] ?? "";
  const m = HUNK_HEADER.exec(header);
  if (!m) throw malformed(start + 1, `expected \`@@ -l,n +l,n @@\`, got ${JSON.stringify(cut(header))}`);
  const oldCount = m[2] === undefined ? 1 : Number(m[2]);
  const newCount = m[4] === undefined ? 1 : Number(m[4]);
  const body: HunkLine[] = [];
  /** The patch line index of each body line. */
  const at: number[] = [];
  let oldNoEol = false;
  let newNoEol = false;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line === NO_EOL) {
      const last = body.at(-1);
      if (!last) throw malformed(i + 1, `\`${NO_EOL}\` follows no line`);
      if (last.op !== "+") oldNoEol = true;
      if (last.op !== "-") newNoEol = true;
      continue;
    }
    if (line.startsWith("--- ") && (lines[i + 1] ?? "").startsWith("+++ ")) break;
    // An empty line stands for an empty context line (editors strip the lone space).
    const parsed = line === "" ? { op: " " as const, text: "" } : hunkLine(line);
    if (!parsed) break;
    body.push(parsed);
    at.push(i);
  }
  // Empty lines past what the counts call for separate files; they are not context.
  const side = (op: string) => body.filter((l) => l.op === op || l.op === " ").length;
  while (
    body.at(-1)?.op === " " &&
    lines[at.at(-1) ?? 0] === "" &&
    (side("-") > oldCount || side("+") > newCount)
  ) {
    body.pop();
    at.pop();
  }
  if (body.length === 0) throw malformed(start + 1, "the hunk has no lines");
  return {
    hunk: {
      patchLine: start + 1,
      anchors: [],
      lines: body,
      hint: Number(m[1]),
      atEnd: false,
      oldNoEol,
      newNoEol,
    },
    next: i,
  };
}

function toChange(block: FileBlock): FileChange {
  const { patchLine, hunks } = block;
  let oldPath = block.renameFrom ?? block.oldPath;
  let newPath = block.renameTo ?? block.newPath;
  if (block.renameFrom === undefined && oldPath !== undefined && newPath !== undefined) {
    [oldPath, newPath] = stripPrefixes(oldPath, newPath);
  }
  if (oldPath === undefined || newPath === undefined) {
    throw malformed(patchLine, "a file has no `---` and `+++` lines (nor `rename from`/`rename to`)");
  }
  if (oldPath === DEV_NULL && newPath === DEV_NULL) throw malformed(patchLine, "both sides are /dev/null");
  if (oldPath === DEV_NULL) {
    const added: string[] = [];
    for (const h of hunks) {
      if (h.lines.some((l) => l.op !== "+")) {
        throw malformed(h.patchLine, `the new file ${newPath} has a hunk with context or removed lines`);
      }
      added.push(...h.lines.map((l) => l.text));
    }
    return { kind: "add", path: newPath, patchLine, lines: added, noEol: hunks.at(-1)?.newNoEol ?? false };
  }
  if (newPath === DEV_NULL) return { kind: "delete", path: oldPath, patchLine, hunks };
  if (hunks.length === 0 && oldPath === newPath) throw malformed(patchLine, `${oldPath} has no hunks`);
  return {
    kind: "update",
    path: oldPath,
    patchLine,
    hunks,
    ...(oldPath !== newPath ? { moveTo: newPath } : {}),
  };
}

const DEV_NULL = "/dev/null";

/** Git's `a/` and `b/` prefixes, removed when both sides carry them (or one side is /dev/null). */
function stripPrefixes(oldPath: string, newPath: string): [string, string] {
  const a = oldPath === DEV_NULL || oldPath.startsWith("a/");
  const b = newPath === DEV_NULL || newPath.startsWith("b/");
  if (!a || !b) return [oldPath, newPath];
  return [
    oldPath === DEV_NULL ? oldPath : oldPath.slice(2),
    newPath === DEV_NULL ? newPath : newPath.slice(2),
  ];
}

/** The path of a `--- ` or `+++ ` line: a tab and what follows (a date) dropped, quotes removed. */
function headerPath(line: string, n: number): string {
  const rest = line.slice(4);
  const path = rest.startsWith('"') ? unquote(rest.trimEnd(), n) : (rest.split("\t")[0] ?? "").trimEnd();
  if (path === "") throw malformed(n, "a file line has no path");
  return path;
}

/** Git's C-style quoted path (`"a/sp ace\\t"`), or the text as it is. */
function unquote(text: string, n: number): string {
  if (!text.startsWith('"')) return text;
  const end = text.lastIndexOf('"');
  if (end <= 0) throw malformed(n, `an unterminated quoted path: ${JSON.stringify(cut(text))}`);
  const bytes: number[] = [];
  const body = text.slice(1, end);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, "\\": 92, a: 7, b: 8, f: 12, v: 11 };
  for (let k = 0; k < body.length; k++) {
    const c = body[k] ?? "";
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const next = body[k + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(body.slice(k + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      k += 3;
    } else if (simple[next] !== undefined) {
      bytes.push(simple[next]);
      k++;
    } else {
      throw malformed(n, `an unknown escape \\${next} in a quoted path`);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
