import { BEGIN, parseCodex } from "./parse-codex.js";
import { parseUnified } from "./parse-unified.js";
import { malformed, type ParsedPatch } from "./patch.js";

/**
 * Parses a patch in either format, told apart by its text: a line
 * `*** Begin Patch` makes it a Codex patch; otherwise it is read as a unified
 * diff. `\r\n` line ends are read as `\n`, and a patch wrapped whole in a
 * Markdown code fence is unwrapped. Pure.
 */
export function parsePatch(patch: string): ParsedPatch {
  const lines = patch.replaceAll("\r\n", "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const fenced = unfence(lines);
  const begin = fenced.findIndex((l) => l.trim() === BEGIN);
  if (begin !== -1) {
    const before = fenced.findIndex((l) => l.trim() !== "");
    if (before < begin) throw malformed(before + 1, "text before `*** Begin Patch`");
    return parseCodex(fenced, begin);
  }
  if (fenced.every((l) => l.trim() === "")) throw malformed(1, "the patch is empty");
  try {
    return parseUnified(fenced);
  } catch (error) {
    if (fenced.some((l) => l.startsWith("*** "))) {
      throw malformed(1, "a Codex patch must start with `*** Begin Patch`");
    }
    throw error;
  }
}

/** The lines inside a ```` ``` ```` fence that wraps the whole patch, else the lines themselves. */
function unfence(lines: string[]): string[] {
  const first = lines.findIndex((l) => l.trim() !== "");
  let last = lines.length - 1;
  while (last > first && (lines[last] ?? "").trim() === "") last--;
  if (
    first === -1 ||
    !/^```[\w-]*$/.test((lines[first] ?? "").trim()) ||
    (lines[last] ?? "").trim() !== "```"
  )
    return lines;
  // Blank lines keep their places so that line numbers stay the patch's own.
  return lines.map((l, k) => (k <= first || k >= last ? "" : l));
}
