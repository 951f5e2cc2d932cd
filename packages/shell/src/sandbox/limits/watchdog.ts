import { readFileSync } from "node:fs";
import { liveDescendants } from "../../process/proc-stat.js";
import type { CountedCap } from "./command-cgroups.js";
import type { ResolvedLimits } from "./limits-option.js";

/** Options for `startWatchdog`. */
export interface WatchdogOptions {
  /** bubblewrap's pid: everything in the sandbox descends from it. */
  pid: number;
  limits: ResolvedLimits;
  /** The caps to count (those no cgroup enforces). */
  caps: ReadonlySet<CountedCap>;
  /** Called once with the cap that was exceeded; the caller kills the sandbox. */
  onExceeded(cap: CountedCap): void;
  /** @default 50 */
  intervalMs?: number;
}

const PAGE_BYTES = 4096;

/**
 * Where no cgroup can be made: counts the sandbox's processes (and threads)
 * and their resident memory every `intervalMs` through /proc, and reports
 * the first cap exceeded. A burst faster than one interval gets through
 * until the next count, which then stops the whole sandbox.
 */
export function startWatchdog({
  pid,
  limits,
  caps,
  onExceeded,
  intervalMs = 50,
}: WatchdogOptions): () => void {
  const timer = setInterval(() => {
    const inside = [pid, ...liveDescendants(pid)];
    let tasks = 0;
    let resident = 0;
    for (const p of inside) {
      const status = read(`/proc/${p}/status`);
      tasks += Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1);
      resident += Number(read(`/proc/${p}/statm`).split(" ")[1] ?? 0) * PAGE_BYTES;
    }
    const over: CountedCap | undefined =
      caps.has("processes") && tasks > limits.processes
        ? "processes"
        : caps.has("memory") && resident > limits.memoryBytes
          ? "memory"
          : undefined;
    if (over) {
      clearInterval(timer);
      onExceeded(over);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
