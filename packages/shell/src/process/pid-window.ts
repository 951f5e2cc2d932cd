import { readFileSync, readlinkSync } from "node:fs";
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";

/** What `scanFloor` needs from the moment just before a command was spawned. */
export interface PidWindow {
  /** `performance.now()` before the spawn. */
  readonly openedMs: number;
  /** Threads alive on the machine then (`/proc/loadavg`): pids the allocator skips without allocating. */
  readonly threads: number;
}

/** The kernel's pid counters now, and the machine they bound. */
export interface PidState {
  readonly nowMs: number;
  /** The pid most recently allocated in this PID namespace. */
  readonly lastPid: number;
  /** `/proc/sys/kernel/pid_max`. */
  readonly pidMax: number;
  /** CPUs that may allocate pids at the same time (the possible ones: at least those online). */
  readonly cpus: number;
}

/** Pids below this are never allocated again once the counter wraps (the kernel's RESERVED_PIDS). */
const RESERVED_PIDS = 300;
/** A lower bound on the time one CPU needs to create a process or thread: a real clone takes several times more. */
const MIN_CLONE_US = 1;

/**
 * The pid at or above which every process started since `window` opened
 * must lie, or undefined when that cannot be vouched for. The kernel hands
 * out pids in rising order and wraps to RESERVED_PIDS past pid_max; so
 * while the last pid handed out is still at or above `root`, a process
 * started after `root` has a lower pid only if the counter went all the way
 * round, which takes at least pid_max - RESERVED_PIDS - (threads alive at
 * the start) new pids. Pure; `scan` falls back to every pid on undefined.
 */
export function scanFloor(window: PidWindow, root: number, state: PidState): number | undefined {
  if (!(state.lastPid >= root) || !(state.cpus >= 1)) return undefined;
  const toWrap = state.pidMax - RESERVED_PIDS - window.threads;
  if (!(toWrap > 0)) return undefined;
  const fastestWrapMs = (toWrap * MIN_CLONE_US) / 1000 / state.cpus;
  return state.nowMs - window.openedMs < fastestWrapMs ? root : undefined;
}

/** Opens the window of a spawn about to happen; undefined where /proc does not tell (then every scan reads every pid). */
export function openPidWindow(): PidWindow | undefined {
  const load = loadavg();
  if (load === undefined || !sameNamespace()) return undefined;
  return { openedMs: performance.now(), threads: load.threads };
}

/** The counters now, for `scanFloor`; undefined where /proc does not tell. */
export function pidState(): PidState | undefined {
  const load = loadavg();
  const pidMax = readPidMax();
  if (load === undefined || pidMax === undefined) return undefined;
  return { nowMs: performance.now(), lastPid: load.lastPid, pidMax, cpus: possibleCpus() };
}

let possible: number | undefined;
/**
 * The CPUs the kernel could ever bring online (`/sys/devices/system/cpu/possible`,
 * e.g. "0-3,6"): an upper bound on those online that no hotplug exceeds, so
 * it is read once. `os.cpus()` (online ones) where that file is missing.
 */
function possibleCpus(): number {
  if (possible === undefined) {
    let count = 0;
    try {
      for (const range of readFileSync("/sys/devices/system/cpu/possible", "latin1").trim().split(",")) {
        const [from, to = from] = range.split("-").map(Number);
        count += (to ?? Number.NaN) - (from ?? Number.NaN) + 1;
      }
    } catch {
      count = Number.NaN;
    }
    possible = Number.isSafeInteger(count) && count >= 1 ? count : cpus().length;
  }
  return possible;
}

/** `/proc/loadavg`: "0.17 1.89 2.72 1/115 12345", running/total threads, then the last pid. */
function loadavg(): { threads: number; lastPid: number } | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/loadavg", "latin1");
  } catch {
    return undefined;
  }
  const match = /^\S+ \S+ \S+ \d+\/(\d+) (\d+)\s*$/.exec(text);
  if (match === null) return undefined;
  return { threads: Number(match[1]), lastPid: Number(match[2]) };
}

/** Read each time: root may lower it, which makes a wrap come sooner. */
function readPidMax(): number | undefined {
  try {
    const value = Number(readFileSync("/proc/sys/kernel/pid_max", "latin1").trim());
    return Number.isSafeInteger(value) && value > RESERVED_PIDS ? value : undefined;
  } catch {
    return undefined;
  }
}

let same: boolean | undefined;
/** True when /proc shows this process under its own pid: its pids and /proc/loadavg's are this namespace's. */
function sameNamespace(): boolean {
  if (same === undefined) {
    try {
      same = readlinkSync("/proc/self") === String(process.pid);
    } catch {
      same = false;
    }
  }
  return same;
}
