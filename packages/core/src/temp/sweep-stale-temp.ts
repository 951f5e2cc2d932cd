import { lstat, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OWNER_MARKER_PREFIX, parseOwnerMarker } from "./owner-marker.js";
import { ownerAlive } from "./process-owner.js";

/** Options of `sweepStaleTemp`. */
export interface SweepStaleTempOptions {
  /** The directory whose Toolkit folders are looked at (not recursively). @default os.tmpdir() */
  dir?: string;
  /** Only folders whose name starts with this are looked at. @default "toolkit-" */
  prefix?: string;
  /** List what would be removed, remove nothing. @default false */
  dryRun?: boolean;
}

/** What a sweep did. */
export interface SweepStaleTempResult {
  /** The folders removed (absolute; with `dryRun`, those that would be): every owner they named is gone. */
  readonly removed: string[];
  /** Folders left because an owner may still run (or another namespace's process owns them). */
  readonly kept: number;
}

/**
 * Removes the temp folders that Toolkit processes left behind when they
 * were killed (SIGKILL, a crash, a power cut): a folder in `dir` named
 * `prefix…`, a real directory of this user, holding owner markers
 * (`.toolkit-owner-<pid>-<start>-<ns>`) of which none is alive. A folder
 * with no marker is not Toolkit's to judge and is left alone, as is one
 * with a live owner: the pid must exist AND have the recorded start time,
 * so a reused pid does not keep a folder, and a live one is never removed.
 *
 * @example
 * const { removed } = await sweepStaleTemp(); // in os.tmpdir()
 */
export async function sweepStaleTemp(options: SweepStaleTempOptions = {}): Promise<SweepStaleTempResult> {
  const { dir = tmpdir(), prefix = "toolkit-", dryRun = false } = options;
  if (typeof dir !== "string" || dir === "")
    throw new TypeError(`sweepStaleTemp: \`dir\` must be a directory path, got ${JSON.stringify(dir)}`);
  if (typeof prefix !== "string" || prefix === "" || prefix.includes("/"))
    throw new TypeError(
      `sweepStaleTemp: \`prefix\` must be a non-empty name without "/", got ${JSON.stringify(prefix)}`,
    );
  const removed: string[] = [];
  let kept = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  const uid = process.getuid?.();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const folder = join(dir, name);
    const verdict = await judge(folder, uid);
    if (verdict === "stale" && dryRun) removed.push(folder);
    else if (verdict === "stale") {
      await rm(folder, { recursive: true, force: true }).then(
        () => removed.push(folder),
        () => kept++,
      );
    } else if (verdict === "live") kept++;
  }
  return { removed, kept };
}

/** `stale` when every owner marker in the folder names a process that is gone. */
async function judge(folder: string, uid: number | undefined): Promise<"stale" | "live" | "not ours"> {
  const info = await lstat(folder).catch(() => undefined);
  if (info === undefined || !info.isDirectory() || (uid !== undefined && info.uid !== uid)) return "not ours";
  const entries = await readdir(folder).catch(() => [] as string[]);
  const owners = entries.filter((e) => e.startsWith(OWNER_MARKER_PREFIX)).map(parseOwnerMarker);
  if (owners.length === 0) return "not ours";
  for (const owner of owners) {
    // A marker that does not parse was not written by this code: keep the folder.
    if (owner === undefined || (await ownerAlive(owner))) return "live";
  }
  return "stale";
}
