import {
  childrenByParent,
  environHas,
  hasProc,
  isEnded,
  listProcesses,
  type ProcStat,
  pipeHolders,
  readProcStat,
} from "./proc-stat.js";
import { type PidWindow, pidState, scanFloor } from "./pid-window.js";
import { groupAlive, signalGroup } from "./process-group.js";

/** How many freeze-and-rescan rounds a SIGKILL makes against a command that keeps forking. */
const MAX_KILL_ROUNDS = 20;

/**
 * Every process a command started, wherever it went: the root's process
 * group, its session (children that made their own group with `set -m`
 * stay in it), every descendant of a known member (children that called
 * `setsid` are found through their parent while it lives), and every
 * process whose environment carries the command's marker variable (found
 * even after its parent died and it was re-parented). Members are
 * remembered by pid and start time, so a reused pid is never signalled.
 * Without `/proc` (macOS, BSD) only the process group is reached.
 *
 * Given the `PidWindow` opened just before the root was spawned, a scan
 * reads only the pids at or above the root's while `scanFloor` vouches that
 * every process started since lies there (the pid counter cannot have gone
 * round yet), and every pid otherwise.
 */
export class ProcessTree {
  readonly #root: number;
  readonly #marker: string;
  /** The root's start time: a process started earlier cannot carry the marker. */
  readonly #since: number;
  readonly #known = new Map<number, number>();
  readonly #notMember = new Map<number, number>();
  readonly #window: PidWindow | undefined;

  /** `marker` is the `NAME=value` entry put in the command's environment; `window` was opened before the spawn. */
  constructor(root: number, marker: string, window?: PidWindow) {
    this.#root = root;
    this.#marker = marker;
    this.#window = window;
    const stat = readProcStat(root);
    this.#since = stat?.start ?? 0;
    if (stat) this.#known.set(root, stat.start);
  }

  /** Looks at every process now and returns the live (not zombie) members, remembering them. */
  scan(): ProcStat[] {
    if (!hasProc) return [];
    const all = this.#candidates();
    const members = new Map<number, ProcStat>();
    for (const stat of all) if (this.#isMember(stat)) members.set(stat.pid, stat);
    const children = childrenByParent(all);
    // Descendants of members are members, however they regrouped.
    const queue = [...members.values()];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const child of children.get(next.pid) ?? []) {
        if (members.has(child.pid) || child.pid === process.pid) continue;
        members.set(child.pid, child);
        queue.push(child);
      }
    }
    const live: ProcStat[] = [];
    for (const stat of members.values()) {
      this.#known.set(stat.pid, stat.start);
      if (!isEnded(stat)) live.push(stat);
    }
    for (const [pid, start] of this.#known) {
      if (!members.has(pid) && readProcStat(pid)?.start !== start) this.#known.delete(pid);
    }
    return live;
  }

  /** True while some process of the command runs (zombies excluded). */
  alive(): boolean {
    if (!hasProc) return groupAlive(this.#root);
    return this.scan().length > 0;
  }

  /**
   * Sends `signal` to every member. SIGKILL first stops every member
   * (a stopped process cannot fork) and rescans until no new one appears,
   * so a command that forks in a loop cannot outrun it. False when no
   * process was left to signal.
   */
  signal(signal: NodeJS.Signals): boolean {
    const grouped = signalGroup(this.#root, signal);
    if (!hasProc) return grouped;
    if (signal !== "SIGKILL") {
      const live = this.scan();
      for (const stat of live) send(stat.pid, signal);
      return grouped || live.length > 0;
    }
    const stopped = new Set<number>();
    for (let round = 0; round < MAX_KILL_ROUNDS; round++) {
      const fresh = this.scan().filter((stat) => !stopped.has(stat.pid));
      if (fresh.length === 0) break;
      for (const stat of fresh) {
        send(stat.pid, "SIGSTOP");
        stopped.add(stat.pid);
      }
    }
    for (const pid of stopped) send(pid, "SIGKILL");
    signalGroup(this.#root, "SIGKILL");
    return grouped || stopped.size > 0;
  }

  /**
   * Adopts the processes that hold one of the named pipes (the command's
   * output): whoever holds them is part of the command, even a process that
   * cleared its environment and left the session. Returns how many were found.
   */
  adoptPipeHolders(pipes: readonly string[]): number {
    let found = 0;
    for (const pid of pipeHolders(pipes)) {
      const stat = readProcStat(pid);
      if (stat === undefined || stat.state === "Z") continue;
      this.#known.set(pid, stat.start);
      found++;
    }
    return found;
  }

  /** Every process, or (see `scanFloor`) those from the root's pid up and the members already known. */
  #candidates(): ProcStat[] {
    const state = this.#window && pidState();
    const floor = this.#window && state && scanFloor(this.#window, this.#root, state);
    if (floor === undefined) return listProcesses();
    const all = listProcesses(floor);
    for (const pid of this.#known.keys()) {
      if (pid >= floor) continue;
      const stat = readProcStat(pid);
      if (stat !== undefined) all.push(stat);
    }
    return all;
  }

  #isMember(stat: ProcStat): boolean {
    if (stat.pid === process.pid) return false;
    if (stat.session === this.#root || stat.pgrp === this.#root) return true;
    if (this.#known.get(stat.pid) === stat.start) return true;
    if (stat.start < this.#since || this.#notMember.get(stat.pid) === stat.start) return false;
    if (environHas(stat.pid, this.#marker)) return true;
    this.#notMember.set(stat.pid, stat.start);
    return false;
  }
}

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
