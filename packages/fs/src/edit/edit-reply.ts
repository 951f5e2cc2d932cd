import { DisplayHint, ToolOutput } from "@toolkit/core";
import type { EditFileResult } from "./edit-file.js";
import { formatNumber } from "../text/line-format.js";
import { unifiedDiff } from "../diff/unified-diff.js";

/** The reply of Edit and MultiEdit: what changed, then a unified diff (hint `diff`). */
export async function editReply(result: EditFileResult, oldField: string): Promise<ToolOutput> {
  const { target, applied, created } = result;
  const replacements = applied.reduce((n, a) => n + a.replacements, 0);
  const lines = [...new Set(applied.map((a) => a.line))].sort((a, b) => a - b);
  let head: string;
  if (created) {
    head = `Created ${target.shown} (${formatCount(lineCount(result.after), "line")}).`;
  } else if (applied.length === 1) {
    head = `Edited ${target.shown}: ${formatCount(replacements, "replacement")} at line${lines.length > 1 ? "s" : ""} ${lines.join(", ")}.`;
  } else {
    head = `Edited ${target.shown}: ${applied.length} edits applied (${formatCount(replacements, "replacement")}).`;
  }
  const loose = applied.filter((a) => a.tolerant).map((a) => a.index);
  if (loose.length > 0) {
    const which = applied.length === 1 ? `\`${oldField}\`` : `the old text of edits ${loose.join(", ")}`;
    head += ` Note: ${which} matched only with leading/trailing whitespace ignored on each line (tolerant matching); the new text was indented like the file.`;
  }
  const diff = await unifiedDiff({
    shown: target.shown,
    before: result.before,
    after: result.after,
    firstLineNumber: result.firstLine ?? 1,
  });
  return ToolOutput.text(`${head}\n\n${diff}`).withHint(DisplayHint.Diff);
}

/** `1 line`, `3 lines`, `2,048 lines`. */
export function formatCount(n: number, noun: string): string {
  return `${formatNumber(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** Lines in a text: its `\n`s, plus one for a last line without one. */
export function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text === "" || text.endsWith("\n") ? n : n + 1;
}
