import { hasProc, isEnded, listProcesses, readProcStat } from "./proc-stat.js";

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
  if (!hasProc) return true; // no /proc: trust the signal probe
  return listProcesses().some((stat) => stat.pgrp === pgid && !isEnded(stat));
}

/** True while process `pid` runs (zombies count as gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readProcStat(pid);
  return stat === undefined || !isEnded(stat);
}
