import type { PatchRecovery } from "./recover.js";

/** The reply's lines on interrupted patches settled before this one (none for patches still running). */
export function recoveryNotes(recovered: readonly PatchRecovery[]): string[] {
  const notes: string[] = [];
  for (const r of recovered) {
    const files = r.files.length > 0 ? r.files.join(", ") : undefined;
    if (r.outcome === "rolled-forward") {
      notes.push(
        `Recovered an interrupted patch (${r.journal}): rolled forward, so ${files} now ${r.files.length === 1 ? "has" : "have"} its new content. Read ${r.files.length === 1 ? "it" : "them"} again before changing ${r.files.length === 1 ? "it" : "them"}.`,
      );
    } else if (r.outcome === "rolled-back") {
      notes.push(
        files
          ? `Recovered an interrupted patch (${r.journal}): rolled back, so ${files} ${r.files.length === 1 ? "has" : "have"} its old content again.`
          : `Recovered an interrupted patch (${r.journal}): rolled back; it had changed no file yet.`,
      );
    }
  }
  return notes;
}
