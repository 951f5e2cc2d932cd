import { readFileSync, readlinkSync } from "node:fs";
import { readFile } from "node:fs/promises";

/**
 * Who owns a temp folder: a process, named by its pid and its start time so
 * that a later process given the same pid is told apart. On Linux `start`
 * is field 22 of `/proc/<pid>/stat` (clock ticks since boot) and `ns` the
 * PID namespace's inode; elsewhere `start` is `m` and the start in
 * milliseconds since the epoch, and `ns` is `host`.
 */
export interface ProcessOwner {
  readonly pid: number;
  readonly start: string;
  readonly ns: string;
}

let self: ProcessOwner | undefined;

/** This process as an owner (read once, synchronously: two small /proc reads on Linux). */
export function currentOwner(): ProcessOwner {
  if (self !== undefined) return self;
  const pid = process.pid;
  const ticks = process.platform === "linux" ? startTicks(readProc(`/proc/${pid}/stat`)) : undefined;
  self =
    ticks === undefined
      ? { pid, start: `m${Math.round(Date.now() - process.uptime() * 1000)}`, ns: "host" }
      : { pid, start: ticks, ns: pidNamespace() };
  return self;
}

/**
 * Whether an owner may still run. False only when it is sure: on Linux, no
 * `/proc/<pid>` or one whose start time differs (the pid was reused);
 * elsewhere, no process with the pid. An owner from another PID namespace
 * (a container sharing the temp dir) cannot be judged, so counts as alive.
 */
export async function ownerAlive(owner: ProcessOwner): Promise<boolean> {
  const me = currentOwner();
  if (owner.ns !== me.ns) return true;
  if (owner.pid === me.pid) return owner.start === me.start;
  if (me.start.startsWith("m")) return signalReaches(owner.pid);
  let stat: string;
  try {
    stat = await readFile(`/proc/${owner.pid}/stat`, "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT" || codeOf(error) === "ESRCH") return false;
    return true;
  }
  const ticks = startTicks(stat);
  return ticks === undefined || ticks === owner.start;
}

/**
 * Field 22 (starttime) of a `/proc/<pid>/stat` line. The second field, the
 * command name in parentheses, may itself hold spaces and `)`, so fields
 * are counted from the last `)`: the text after it starts at field 3.
 */
export function startTicks(stat: string | undefined): string | undefined {
  if (stat === undefined) return undefined;
  const close = stat.lastIndexOf(")");
  if (close === -1) return undefined;
  const field = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/)[22 - 3];
  return field !== undefined && /^\d+$/.test(field) ? field : undefined;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function pidNamespace(): string {
  try {
    // "pid:[4026531836]"
    return /\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1] ?? "host";
  } catch {
    return "host";
  }
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) !== "ESRCH";
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined;
}
