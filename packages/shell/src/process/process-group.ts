import { readdirSync, readFileSync } from "node:fs";

/** Sends `signal` to every process of group `pgid`; false when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while group `pgid` has a process that is not a zombie. Where the init
 * process does not reap orphans, killed background children linger as
 * zombies; they hold nothing and are not counted.
 */
export function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true; // no /proc: trust the signal probe
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    const stat = readStat(entry);
    if (stat !== undefined && stat.pgrp === pgid && stat.state !== "Z" && stat.state !== "X") return true;
  }
  return false;
}

/** True while process `pid` runs (zombies count as gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readStat(String(pid));
  return stat === undefined || (stat.state !== "Z" && stat.state !== "X");
}

function readStat(pid: string): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", pgrp: Number(fields[2]) };
}
