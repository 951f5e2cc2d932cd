import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ResolvedLimits } from "./limits-option.js";

/** A cap that a cgroup or the watchdog enforces. */
export type CountedCap = "processes" | "memory";

/** The cgroups of one command: where to join, what they cap, what they stopped. */
export interface CommandCgroups {
  /** `cgroup.procs` files the launcher joins. */
  readonly procs: readonly string[];
  /** The caps these cgroups enforce (the watchdog covers the rest). */
  readonly covers: ReadonlySet<CountedCap>;
  /** `"cgroup v2"` or `"cgroup v1"`, for the README's table and notes. */
  readonly kind: string;
  /** The caps that refused or killed something so far. */
  hits(): CountedCap[];
  /** Removes the cgroups (after the command ended; retried while the kernel still lists processes). */
  remove(): Promise<void>;
}

/** Where cgroups live and who we are (seams for tests). */
export interface CommandCgroupsOptions {
  limits: ResolvedLimits;
  /** @default "/sys/fs/cgroup" */
  root?: string;
  /** @default the contents of /proc/self/cgroup */
  selfCgroup?: string;
}

let counter = 0;

/**
 * Creates the cgroups that cap one command, below the host process's own:
 * cgroup v2 where the host's cgroup is delegated (its child gets the `pids`
 * and `memory` controllers), else the v1 `pids` and `memory` hierarchies
 * where they are writable (each alone if only one is). Returns undefined
 * when none can be made: the watchdog then counts instead.
 */
export function createCommandCgroups({
  limits,
  root = "/sys/fs/cgroup",
  selfCgroup = readSelfCgroup(),
}: CommandCgroupsOptions): CommandCgroups | undefined {
  const name = `toolkit-${process.pid}-${++counter}`;
  const lines = selfCgroup.split("\n").map((line) => line.split(":"));
  const own = (controller: string) =>
    lines.find(([, list]) =>
      controller === "" ? list === "" : (list ?? "").split(",").includes(controller),
    )?.[2];
  const v2 = tryV2(root, own(""), name, limits);
  if (v2) return v2;
  return tryV1(root, own, name, limits);
}

function tryV2(
  root: string,
  own: string | undefined,
  name: string,
  limits: ResolvedLimits,
): CommandCgroups | undefined {
  if (own === undefined) return undefined;
  const mount = [root, join(root, "unified")].find((dir) => existsSync(join(dir, "cgroup.controllers")));
  if (mount === undefined) return undefined;
  const dir = join(mount, own, name);
  if (!make(dir)) return undefined;
  try {
    const controllers = readFileSync(join(dir, "cgroup.controllers"), "utf8").split(/\s+/);
    if (!controllers.includes("pids") || !controllers.includes("memory")) throw new Error("not delegated");
    writeFileSync(join(dir, "pids.max"), String(limits.processes));
    writeFileSync(join(dir, "memory.max"), String(limits.memoryBytes));
    if (existsSync(join(dir, "memory.swap.max"))) writeFileSync(join(dir, "memory.swap.max"), "0");
  } catch {
    removeNow(dir);
    return undefined;
  }
  return {
    procs: [join(dir, "cgroup.procs")],
    covers: new Set(["processes", "memory"]),
    kind: "cgroup v2",
    hits: () => {
      const found: CountedCap[] = [];
      if (counter_(join(dir, "pids.events"), "max") > 0) found.push("processes");
      if (counter_(join(dir, "memory.events"), "oom_kill") > 0) found.push("memory");
      return found;
    },
    remove: () => removeLater([dir]),
  };
}

function tryV1(
  root: string,
  own: (controller: string) => string | undefined,
  name: string,
  limits: ResolvedLimits,
): CommandCgroups | undefined {
  const made: { cap: CountedCap; dir: string }[] = [];
  const pidsOwn = own("pids");
  const pids = pidsOwn === undefined ? undefined : join(root, "pids", pidsOwn, name);
  if (pids && make(pids)) {
    if (write(join(pids, "pids.max"), String(limits.processes))) made.push({ cap: "processes", dir: pids });
    else removeNow(pids);
  }
  const memoryOwn = own("memory");
  const memory = memoryOwn === undefined ? undefined : join(root, "memory", memoryOwn, name);
  if (memory && make(memory)) {
    if (write(join(memory, "memory.limit_in_bytes"), String(limits.memoryBytes))) {
      // With swap, memory+swap is capped too, so pages cannot hide in swap.
      write(join(memory, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes));
      made.push({ cap: "memory", dir: memory });
    } else removeNow(memory);
  }
  if (made.length === 0) return undefined;
  return {
    procs: made.map((m) => join(m.dir, "cgroup.procs")),
    covers: new Set(made.map((m) => m.cap)),
    kind: "cgroup v1",
    hits: () =>
      made
        .filter(({ cap, dir }) =>
          cap === "processes"
            ? counter_(join(dir, "pids.events"), "max") > 0
            : counter_(join(dir, "memory.oom_control"), "oom_kill") > 0,
        )
        .map((m) => m.cap),
    remove: () => removeLater(made.map((m) => m.dir)),
  };
}

function readSelfCgroup(): string {
  try {
    return readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return "";
  }
}

const swept = new Set<string>();

/**
 * Once per parent directory and process: removes the (empty) cgroups that a
 * host which died without cleaning up left there, those named for a pid that
 * is gone. A live process's cgroups are never touched.
 */
function sweepStale(parent: string): void {
  if (swept.has(parent)) return;
  swept.add(parent);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    const owner = /^toolkit-(\d+)-\d+$/.exec(entry)?.[1];
    if (owner === undefined || Number(owner) === process.pid || existsSync(`/proc/${owner}`)) continue;
    removeNow(join(parent, entry));
  }
}

function make(dir: string): boolean {
  sweepStale(dirname(dir));
  try {
    mkdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

function write(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}

/** The number after `key` in a `key value` lines file (pids.events, memory.events, memory.oom_control). */
function counter_(file: string, key: string): number {
  try {
    const line = readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${key} `));
    return line === undefined ? 0 : Number(line.slice(key.length + 1)) || 0;
  } catch {
    return 0;
  }
}

function removeNow(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/** rmdir until it works: a cgroup is busy while the kernel still reaps the namespace's processes. */
async function removeLater(dirs: readonly string[]): Promise<void> {
  let left = [...dirs];
  for (let attempt = 0; attempt < 100 && left.length > 0; attempt++) {
    left = left.filter((dir) => !removeNow(dir));
    if (left.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
