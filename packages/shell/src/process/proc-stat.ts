import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** One process as `/proc/<pid>/stat` describes it (Linux). */
export interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly session: number;
  /** `R`, `S`, `D`, `T`, `Z` (zombie), `X` (dead), ... */
  readonly state: string;
  /** Start time in clock ticks since boot: with the pid, identifies a process across pid reuse. */
  readonly start: number;
}

/** True where `/proc` lists processes (Linux); elsewhere callers fall back to process groups. */
export const hasProc: boolean = (() => {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
})();

/** The stat line of a process, or undefined when it is gone (or there is no `/proc`). */
export function readProcStat(pid: number | string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
  //  cutime cstime priority nice threads itrealvalue starttime ...": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    pid: Number(pid),
    state: fields[0] ?? "",
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    session: Number(fields[3]),
    start: Number(fields[19]),
  };
}

/**
 * Every process `/proc` shows now (empty without `/proc`), or with `fromPid`
 * only those whose pid is at least that (each one costs a read; the rest
 * cost nothing).
 */
export function listProcesses(fromPid = 0): ProcStat[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const entry of entries) {
    const first = entry.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    if (fromPid > 0 && Number(entry) < fromPid) continue;
    const stat = readProcStat(entry);
    if (stat !== undefined) out.push(stat);
  }
  return out;
}

/** True for a process that ended and is not yet reaped (`Z`), or is dead (`X`). */
export function isEnded(stat: ProcStat): boolean {
  return stat.state === "Z" || stat.state === "X";
}

/** Whether `pid` runs, is a zombie (ended, not yet reaped), or is gone. */
export function processState(pid: number): "running" | "zombie" | "gone" {
  const stat = readProcStat(pid);
  if (stat === undefined) return "gone";
  return isEnded(stat) ? "zombie" : "running";
}

/** The processes of `stats` by parent pid. */
export function childrenByParent(stats: readonly ProcStat[]): Map<number, ProcStat[]> {
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  return children;
}

/**
 * Every live (not zombie) descendant of `pid`, from /proc (empty without it).
 * Inside a PID namespace every process of a sandbox descends from
 * bubblewrap, whatever sessions or groups it made.
 */
export function liveDescendants(pid: number): number[] {
  const children = childrenByParent(listProcesses());
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of children.get(next) ?? []) {
      queue.push(child.pid);
      if (!isEnded(child)) found.push(child.pid);
    }
  }
  return found;
}

/** True when the process's environment (as it was exec'd) holds `entry` (`NAME=value`). */
export function environHas(pid: number, entry: string): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  const needle = Buffer.from(`${entry}\0`);
  const at = environ.indexOf(needle);
  return at === 0 || (at > 0 && environ[at - 1] === 0);
}

/**
 * The `pipe:[inode]` or `socket:[inode]` names of a process's descriptors
 * `fds` (Node gives a child a socket pair for each piped stream).
 */
export function pipeNames(pid: number, fds: readonly number[]): string[] {
  const names: string[] = [];
  for (const fd of fds) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith("pipe:") || link.startsWith("socket:")) names.push(link);
    } catch {
      // closed, or the process is gone
    }
  }
  return names;
}

/** The pids (other than this process) that hold a descriptor on one of the named pipes or sockets. */
export function pipeHolders(names: readonly string[]): number[] {
  if (names.length === 0) return [];
  const wanted = new Set(names);
  const holders: number[] = [];
  for (const { pid } of listProcesses()) {
    if (pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (wanted.has(link)) {
        holders.push(pid);
        break;
      }
    }
  }
  return holders;
}
