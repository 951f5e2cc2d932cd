import type { CheckpointSummary } from "../store/checkpoint.js";
import type { CheckpointDiff, RestoreResult } from "../store/checkpoint-store.js";

/** The list action's text: one block per checkpoint, newest last. */
export function formatList(list: readonly CheckpointSummary[]): string {
  if (list.length === 0) return "No checkpoints yet: one is taken before the first change of a turn.";
  return list
    .map((c) => {
      const calls = c.calls.length > 0 ? c.calls.map((call) => call.name).join(", ") : "none";
      const lines = [
        `${c.id}  #${c.sequence}  turn ${c.turn}  ${c.createdAt}  ${c.kind}${c.undone ? " (undone)" : ""}: ${c.label}`,
        `  calls after it: ${calls}`,
        ...(c.stat === "" ? ["  no changes since"] : c.stat.split("\n").map((line) => `  ${line.trim()}`)),
        ...c.skipped.map((s) => `  not stored (over the size cap): ${s.path} (${s.bytes} bytes)`),
      ];
      return lines.join("\n");
    })
    .join("\n\n");
}

/** The diff action's text: the stat, then the patch, cut at `maxBytes` with a note. */
export function formatDiff(id: string, diff: CheckpointDiff, maxBytes: number): string {
  if (diff.patch === "") return `No changes between checkpoint ${id} and the current files.`;
  const whole = `${diff.stat}\n\n${diff.patch}`;
  const bytes = Buffer.from(whole, "utf8");
  if (bytes.length <= maxBytes) return whole;
  const cut = bytes
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  return `${cut}\n[diff cut at ${maxBytes} of ${bytes.length} bytes; restore or diff fewer files]`;
}

/** The restore action's text: what was written, removed and left alone, and how to undo it. */
export function formatRestore(result: RestoreResult): string {
  const { target, before, restored, removed, skipped } = result;
  if (restored.length === 0 && removed.length === 0 && skipped.length === 0) {
    return `The files already match checkpoint ${target.id}; nothing was changed.`;
  }
  const lines = [`Restored checkpoint ${target.id}.`];
  if (restored.length > 0) lines.push(`Written back: ${restored.join(", ")}`);
  if (removed.length > 0) lines.push(`Removed: ${removed.join(", ")}`);
  if (skipped.length > 0) lines.push(`Left alone (over the size cap, never stored): ${skipped.join(", ")}`);
  lines.push(
    `Read a restored file again before editing it. To undo this restore, restore checkpoint ${before.id}.`,
  );
  return lines.join("\n");
}
