import { readFileSync } from "node:fs";

/** The process that writes a journal: its pid and start time (clock ticks since boot, from `/proc`; 0 without it). */
export interface Owner {
  readonly pid: number;
  readonly start: number;
}

/** The start time of process `pid` as `/proc/<pid>/stat` gives it, undefined when it is gone, 0 without `/proc`. */
function startOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    if (readable("/proc/self/stat")) return undefined;
    // No /proc (macOS, the BSDs): only the pid can be asked about.
    try {
      process.kill(pid, 0);
      return 0;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM" ? 0 : undefined;
    }
  }
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  if (state === "Z" || state === "X") return undefined;
  return Number(fields[19]);
}

function readable(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The ids of the commits this process is running now (its own journals of other ids are left over). */
export const runningHere = new Set<string>();

/** This process as a journal's owner. */
export function selfOwner(): Owner {
  return { pid: process.pid, start: startOf(process.pid) ?? 0 };
}

/** Process `pid` as a journal's owner, undefined when it does not run. */
export function processOwner(pid: number): Owner | undefined {
  const start = startOf(pid);
  return start === undefined ? undefined : { pid, start };
}

/**
 * True while journal `id`'s commit may still be running: its owner runs
 * (same pid, same start time: a reused pid has another), and, when the owner
 * is this process, the commit has not returned.
 */
export function ownerAlive(owner: Owner, id: string): boolean {
  if (owner.pid === process.pid) return owner.start === (startOf(process.pid) ?? 0) && runningHere.has(id);
  const start = startOf(owner.pid);
  return start !== undefined && (start === 0 || start === owner.start);
}
