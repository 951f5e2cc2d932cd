import { realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { type FileSource, LocalFileSource } from "@toolkit/core";
import { ownerAlive } from "./owner.js";
import { hashOf, readIfThere, rootNames, syncDir, unlinkIfThere } from "./journal-io.js";
import {
  decodeIntent,
  decodeJournal,
  type Journal,
  journalPaths,
  parseJournalName,
} from "./journal-record.js";

/** What became of one interrupted patch. */
export interface PatchRecovery {
  /** The journal's (or intent's) file name in the workspace root. */
  readonly journal: string;
  /**
   * `rolled-forward`: every file has the patch's new content; `rolled-back`:
   * every file has its old content (or the patch had changed nothing yet);
   * `in-progress`: its process still runs, so it was left alone;
   * `unrecoverable`: nothing was touched (see `reason`), and the journal stays.
   */
  readonly outcome: "rolled-forward" | "rolled-back" | "in-progress" | "unrecoverable";
  /** The files the patch changes, as replies name them. */
  readonly files: readonly string[];
  /** Why it could not be recovered. */
  readonly reason?: string;
}

/** Where recovery works: the source (local) and the workspace's real root. */
export interface RecoverIn {
  readonly source: FileSource;
  readonly realRoot: string;
}

/**
 * Finishes or undoes every patch a crash interrupted in the workspace at
 * `root`: a journal left by a commit whose process is gone is rolled forward
 * when every new file is in place or staged with its hash, else rolled back
 * when every old file is, so each patch's files end all new or all old. A
 * journal that cannot be trusted, or a staged file that does not match its
 * hash, is left as it is (`unrecoverable`). ApplyPatch runs this itself
 * before each patch.
 *
 * @example
 * for (const r of await recoverPatches("repo")) console.log(r.outcome, r.files.join(", "));
 */
export async function recoverPatches(root: string): Promise<PatchRecovery[]> {
  if (typeof root !== "string" || root === "")
    throw new TypeError(`recoverPatches: \`root\` must be a folder's path, got ${JSON.stringify(root)}`);
  const realRoot = await realpath(root).catch((error: NodeJS.ErrnoException) => {
    throw new TypeError(
      `recoverPatches: \`root\` ${JSON.stringify(root)} is not a folder that can be read (${error.code ?? error.message})`,
      { cause: error },
    );
  });
  return recoverIn({ source: new LocalFileSource(), realRoot });
}

/** `recoverPatches` through a given source and real root. */
export async function recoverIn(at: RecoverIn): Promise<PatchRecovery[]> {
  const found = new Map<string, { intent: boolean; journal: boolean; name: string; alive: boolean }>();
  for (const name of await rootNames(at.realRoot)) {
    const parsed = parseJournalName(name);
    if (!parsed) continue;
    const seen = found.get(parsed.id) ?? {
      intent: false,
      journal: false,
      name,
      alive: ownerAlive(parsed.owner, parsed.id),
    };
    seen[parsed.kind] = true;
    if (parsed.kind === "journal") seen.name = name;
    found.set(parsed.id, seen);
  }
  const out: PatchRecovery[] = [];
  for (const [id, f] of found) {
    if (f.alive) out.push({ journal: f.name, outcome: "in-progress", files: [] });
    else if (f.journal) out.push(await settle(at, id, "crash"));
    else out.push(await dropIntent(at, id, f.name));
  }
  return out;
}

/** A commit cut short while staging changed no file: its staged copies and its intent go. */
async function dropIntent(at: RecoverIn, id: string, name: string): Promise<PatchRecovery> {
  const paths = journalPaths(at.realRoot, id);
  const staged = decodeIntent((await readIfThere(paths.intent)) ?? "", id, at.realRoot);
  for (const path of staged) await removeStaged(at, path, true);
  await unlinkIfThere(paths.tmp);
  await unlinkIfThere(paths.intent);
  await syncDir(at.realRoot);
  return { journal: name, outcome: "rolled-back", files: [] };
}

/**
 * Settles one journal: after a crash, forward when it can, else back; when
 * undoing a failed commit in-process, back only. Fails closed: a side is
 * taken only when every file of it verifies by hash.
 */
export async function settle(at: RecoverIn, id: string, mode: "crash" | "undo"): Promise<PatchRecovery> {
  const paths = journalPaths(at.realRoot, id);
  const name = paths.journal.slice(at.realRoot.length + 1);
  const decoded = decodeJournal((await readIfThere(paths.journal)) ?? "", id, at.realRoot);
  if (typeof decoded === "string") {
    return {
      journal: name,
      outcome: "unrecoverable",
      files: [],
      reason: `the journal cannot be trusted: ${decoded}`,
    };
  }
  const files = decoded.entries.map((e) => e.shown);
  const now = await currentHashes(at, decoded);
  if (typeof now === "string") return { journal: name, outcome: "unrecoverable", files, reason: now };
  const forward = mode === "crash" && (await sideReady(at, decoded, now, "new"));
  const back = !forward && (await sideReady(at, decoded, now, "old"));
  if (!forward && !back) {
    return {
      journal: name,
      outcome: "unrecoverable",
      files,
      reason:
        "neither every new file nor every old file is in place or staged with its hash (a staged file is missing or damaged, or a file changed since)",
    };
  }
  const side = forward ? "new" : "old";
  for (const [i, e] of decoded.entries.entries()) {
    const want = e[side];
    const shown = e.shown;
    if (want && now[i] !== want.sha256)
      await at.source.rename(want.staged, e.path, { realRoot: at.realRoot, shown });
    if (!want && now[i] !== undefined) await at.source.remove?.(e.path, { realRoot: at.realRoot, shown });
  }
  for (const dir of new Set(decoded.entries.map((e) => dirname(e.path)))) await syncDir(dir);
  await forget(at, id, decoded, { sweep: mode === "crash" });
  return { journal: name, outcome: forward ? "rolled-forward" : "rolled-back", files };
}

/**
 * Once settled: the staged copies go, then the intent, and the journal last,
 * so a crash on the way leaves a journal that still settles the same way.
 */
export async function forget(
  at: RecoverIn,
  id: string,
  journal: Journal,
  { sweep = false } = {},
): Promise<void> {
  const paths = journalPaths(at.realRoot, id);
  for (const e of journal.entries) {
    for (const side of [e.old, e.new]) if (side) await removeStaged(at, side.staged, sweep);
  }
  await unlinkIfThere(paths.tmp);
  await unlinkIfThere(paths.intent);
  await syncDir(at.realRoot);
  await unlinkIfThere(paths.journal);
  await syncDir(at.realRoot);
}

/** Each target's hash now (undefined: no file), or why one cannot be read. */
async function currentHashes(at: RecoverIn, journal: Journal): Promise<(string | undefined)[] | string> {
  const out: (string | undefined)[] = [];
  for (const e of journal.entries) {
    try {
      out.push(await hashOf(at.source, e.path, at.realRoot));
    } catch (error) {
      return `${e.shown} cannot be read (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return out;
}

/** True when every file can be brought to `side`: already there, or staged with the right hash (absent: no file). */
async function sideReady(
  at: RecoverIn,
  journal: Journal,
  now: readonly (string | undefined)[],
  side: "old" | "new",
): Promise<boolean> {
  for (const [i, e] of journal.entries.entries()) {
    const want = e[side];
    const other = e[side === "new" ? "old" : "new"];
    // The file must be as one side or the other left it; a third content is someone else's, and is kept.
    if (now[i] !== want?.sha256 && now[i] !== other?.sha256) return false;
    if (!want || now[i] === want.sha256) continue;
    const staged = await hashOf(at.source, want.staged, at.realRoot).catch(() => undefined);
    if (staged !== want.sha256) return false;
  }
  return true;
}

/** Removes a staged copy, and the temp file an atomic write of it may have left when cut short. */
async function removeStaged(at: RecoverIn, path: string, sweep: boolean): Promise<void> {
  const remove = (p: string) =>
    at.source.remove?.(p, { realRoot: at.realRoot, shown: p }).catch(() => undefined);
  if (await at.source.stat(path).catch(() => undefined)) await remove(path);
  if (!sweep) return;
  const temp = new RegExp(`^\\.${escapeRegExp(basename(path))}\\.[0-9a-f]+\\.tmp$`);
  const entries = await at.source.list(dirname(path), { realRoot: at.realRoot }).catch(() => []);
  for (const e of entries)
    if (e.kind === "file" && temp.test(e.name)) await remove(join(dirname(path), e.name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
