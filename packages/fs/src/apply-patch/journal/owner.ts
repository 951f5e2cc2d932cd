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

/** This process as a journal's owner. */
export function selfOwner(): Owner {
  return { pid: process.pid, start: startOf(process.pid) ?? 0 };
}

/** True while the owner still runs: same pid, same start time (a reused pid has another). */
export function ownerAlive(owner: Owner): boolean {
  if (owner.pid === process.pid) return owner.start === (startOf(process.pid) ?? 0);
  const start = startOf(owner.pid);
  return start !== undefined && (start === 0 || start === owner.start);
}
