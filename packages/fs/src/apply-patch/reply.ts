import { DisplayHint, ToolOutput } from "@toolkit/core";
import { unifiedDiff } from "../diff/unified-diff.js";
import { appliedDiff } from "./applied-diff.js";
import type { PlannedChange } from "./plan.js";

/** Diff lines of one reply beyond which the remaining files' diffs are left out. */
const MAX_DIFF_LINES = 800;

/**
 * The reply of ApplyPatch: one line per file (`A path`, `M path`, `D path`,
 * `R old -> new`), a note on hunks matched only with whitespace ignored,
 * then the unified diff of each added, changed or moved file (hint `diff`).
 */
export async function patchReply(
  planned: readonly PlannedChange[],
  before: readonly string[] = [],
): Promise<ToolOutput> {
  const head = planned.map((p) => {
    const from = p.from?.target.shown;
    const to = p.to?.target.shown;
    if (p.letter === "R") return `R ${from} -> ${to}`;
    return `${p.letter} ${to ?? from}${p.letter === "M" && !p.to ? " (no change)" : ""}`;
  });
  const loose = planned.filter((p) => p.loose.length > 0);
  const notes = loose.map(
    (p) =>
      `Note: in ${p.from?.target.shown ?? p.to?.target.shown}, hunk${p.loose.length === 1 ? "" : "s"} ${p.loose.join(", ")} matched only with whitespace at the ends of lines ignored.`,
  );
  const diffs: string[] = [];
  let used = 0;
  let left = 0;
  for (const p of planned) {
    if (p.letter === "D" || (p.letter === "M" && !p.to)) continue;
    if (used >= MAX_DIFF_LINES) {
      left++;
      continue;
    }
    const shown = p.to?.target.shown ?? "";
    const maxLines = MAX_DIFF_LINES - used;
    const diff = p.edits
      ? appliedDiff({ fromShown: p.from?.target.shown ?? shown, toShown: shown, ...p.edits, maxLines })
      : await unifiedDiff({ shown, before: undefined, after: p.after ?? "", maxLines });
    used += diff.split("\n").length;
    diffs.push(diff);
  }
  if (left > 0) diffs.push(`[diffs of ${left} more file${left === 1 ? "" : "s"} not shown]`);
  const text = [
    ...(before.length > 0 ? [before.join("\n")] : []),
    head.join("\n"),
    ...(notes.length > 0 ? [notes.join("\n")] : []),
    ...diffs,
  ].join("\n\n");
  return ToolOutput.text(text).withHint(DisplayHint.Diff);
}
