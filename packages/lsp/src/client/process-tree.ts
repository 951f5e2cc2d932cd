import { existsSync, readdirSync, readFileSync } from "node:fs";

interface ProcStat {
  readonly state: string;
  readonly ppid: number;
  readonly pgrp: number;
}

function procStat(pid: string | number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces) in parentheses: state ppid pgrp ...
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

function live(): Map<number, ProcStat> {
  const out = new Map<number, ProcStat>();
  if (!existsSync("/proc/self/stat")) return out;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat && stat.state !== "Z" && stat.state !== "X") out.set(Number(entry), stat);
  }
  return out;
}

/** True while `pid` is a live process (not gone, not a zombie). Where /proc is missing: `kill(pid, 0)`. */
export function alive(pid: number): boolean {
  if (!existsSync("/proc/self/stat")) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== "Z" && stat.state !== "X";
}

/** The live descendants of `pid` (children, their children, ...); empty where /proc is missing. */
export function descendants(pid: number): number[] {
  const all = live();
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const [child, stat] of all) {
      if (stat.ppid === current) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

/** The live processes of process group `pgid`; empty where /proc is missing. */
export function groupMembers(pgid: number): number[] {
  return [...live()].filter(([, stat]) => stat.pgrp === pgid).map(([pid]) => pid);
}
