import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { ToolError } from "@toolkit/core";
import { digestOf } from "../digest.js";
import type { PlannedChange } from "../plan.js";
import { replaceFlushed, syncDir, unlinkIfThere, writeFlushed } from "./journal-io.js";
import {
  encodeIntent,
  encodeJournal,
  type Journal,
  type JournalEntry,
  journalId,
  journalPaths,
  stagedPath,
} from "./journal-record.js";
import { type Owner, runningHere, selfOwner } from "./owner.js";
import { forget, type RecoverIn, settle } from "./recover.js";

/** One entry with what staging and the commit need. */
interface Step {
  readonly entry: JournalEntry;
  readonly newBytes?: Uint8Array;
  readonly oldBytes?: Uint8Array;
  readonly mode?: number;
  /** The version the target must still have (absent: the target must not exist). */
  readonly expectVersion?: string;
}

/** What a journaled commit needs. */
export interface JournaledCommitOptions extends RecoverIn {
  readonly signal?: AbortSignal;
}

/**
 * Writes planned changes crash-safely. First an intent (the staged names) is
 * flushed; then every new and old content is staged beside its target
 * (`.name.<id>.new`, `.name.<id>.old`, each flushed); then the journal (the
 * targets with their staged files' SHA-256) is written and flushed with its
 * directory; only then are the staged files renamed over their targets (and
 * deleted files removed), and the journal removed after the last one. A
 * crash before the journal leaves every file old; after it, `recoverPatches`
 * rolls the patch forward or back. A failure here undoes what was done.
 */
export async function commitJournaled(
  planned: readonly PlannedChange[],
  o: JournaledCommitOptions,
): Promise<void> {
  const owner = selfOwner();
  const id = journalId(owner, randomBytes(8).toString("hex"));
  runningHere.add(id);
  try {
    await commitAs(id, owner, planned, o);
  } finally {
    runningHere.delete(id);
  }
}

async function commitAs(
  id: string,
  owner: Owner,
  planned: readonly PlannedChange[],
  o: JournaledCommitOptions,
): Promise<void> {
  const paths = journalPaths(o.realRoot, id);
  const steps = stepsOf(planned, id);
  const staged = steps.flatMap((s) =>
    [s.entry.new?.staged, s.entry.old?.staged].filter((p) => p !== undefined),
  );
  const journal: Journal = { id, owner, entries: steps.map((s) => s.entry) };
  try {
    await writeFlushed(paths.intent, encodeIntent(staged), { exclusive: true });
    await syncDir(o.realRoot);
  } catch (error) {
    await unlinkIfThere(paths.intent).catch(() => undefined);
    throw ToolError.io(
      `cannot write the patch's journal in the workspace root (${codeOf(error)}); no file was changed`,
      {
        cause: error,
      },
    );
  }
  try {
    for (const s of steps) await stage(s, o);
    if (o.signal?.aborted) throw ToolError.execution("the call was cancelled before any file was changed");
    await replaceFlushed(paths.tmp, paths.journal, encodeJournal(journal)).catch((error: unknown) => {
      throw ToolError.io(`cannot write the patch's journal in the workspace root (${codeOf(error)})`, {
        cause: error,
      });
    });
  } catch (error) {
    await forget(o, id, journal).catch(() => undefined);
    throw withNote(error, "; no file was changed");
  }
  let done = 0;
  try {
    for (const s of steps) {
      await assertUnchanged(s, o);
      const { entry } = s;
      if (entry.new)
        await o.source.rename(entry.new.staged, entry.path, { realRoot: o.realRoot, shown: entry.shown });
      else await o.source.remove?.(entry.path, { realRoot: o.realRoot, shown: entry.shown });
      done++;
    }
    for (const dir of new Set(steps.map((s) => dirname(s.entry.path)))) await syncDir(dir);
  } catch (error) {
    if (done === 0) {
      await forget(o, id, journal).catch(() => undefined);
      throw withNote(error, "; no file was changed");
    }
    const undone = await settle(o, id, "undo").catch(() => undefined);
    const n =
      done === 1 ? "the 1 file change already made was" : `the ${done} file changes already made were`;
    throw withNote(
      error,
      undone?.outcome === "rolled-back"
        ? `; ${n} undone, so no file is changed`
        : `; undoing the changes already made failed (${undone?.reason ?? "see the journal"}), so ${paths.journal.slice(o.realRoot.length + 1)} is kept: call recoverPatches or ApplyPatch again to settle it`,
    );
  }
  await forget(o, id, journal);
}

/** The journal's entries in commit order: each written file, then each deleted or moved-away one. */
function stepsOf(planned: readonly PlannedChange[], id: string): Step[] {
  const steps: Step[] = [];
  const side = (path: string, which: "old" | "new", bytes: Uint8Array) => ({
    staged: stagedPath(path, id, which),
    sha256: digestOf(bytes),
  });
  for (const p of planned) {
    const { from, to } = p;
    if (to) {
      const path = to.target.path.real;
      const old = from !== undefined && from.target.path.real === path ? from : undefined;
      steps.push({
        entry: {
          path,
          shown: to.target.shown,
          new: side(path, "new", to.bytes),
          ...(old ? { old: side(path, "old", old.raw) } : {}),
        },
        newBytes: to.bytes,
        ...(old ? { oldBytes: old.raw, expectVersion: old.version } : {}),
        ...(from ? { mode: from.mode } : {}),
      });
    }
    if (from && (p.letter === "D" || p.letter === "R")) {
      const path = from.target.path.real;
      steps.push({
        entry: { path, shown: from.target.shown, old: side(path, "old", from.raw) },
        oldBytes: from.raw,
        mode: from.mode,
        expectVersion: from.version,
      });
    }
  }
  return steps;
}

/** Writes a step's new and old contents beside its target, each atomically and flushed. */
async function stage(s: Step, o: JournaledCommitOptions): Promise<void> {
  const { entry } = s;
  const write = async (path: string, bytes: Uint8Array) => {
    try {
      await o.source.writeFile(path, bytes, {
        realRoot: o.realRoot,
        shown: entry.shown,
        ...(s.mode === undefined ? {} : { mode: s.mode }),
        ...(o.signal ? { signal: o.signal } : {}),
      });
    } catch (error) {
      await unlinkIfThere(path).catch(() => undefined);
      throw error;
    }
  };
  if (entry.new && s.newBytes) await write(entry.new.staged, s.newBytes);
  if (entry.old && s.oldBytes) await write(entry.old.staged, s.oldBytes);
}

/** Right before its rename: the target still has the version read (or still does not exist). */
async function assertUnchanged(s: Step, o: JournaledCommitOptions): Promise<void> {
  const now = await o.source.stat(s.entry.path);
  if (s.expectVersion === undefined ? now === undefined : now?.version === s.expectVersion) return;
  throw ToolError.execution(
    s.expectVersion === undefined
      ? `${s.entry.shown} appeared on disk while the change was being prepared`
      : `${s.entry.shown} changed on disk while the change was being prepared`,
    { advice: "Call Read on the file again, then redo the change against its current content." },
  );
}

function withNote(error: unknown, note: string): unknown {
  if (!ToolError.is(error)) return error;
  return new ToolError(error.kind, `${error.message.replace(/; nothing was written$/, "")}${note}`, {
    advice: error.advice,
    cause: error,
  });
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
}
