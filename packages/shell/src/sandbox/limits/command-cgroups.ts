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
  /** After the command ended: keeps the emptied cgroups for the next command, or removes them (retried while the kernel still lists processes). */
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

/** One cgroup directory and the cap it enforces. */
interface Capped {
  readonly kind: "cgroup v1" | "cgroup v2";
  readonly cap: CountedCap;
  readonly dir: string;
  /** Writes the cap's limit; false when the kernel refused it. */
  readonly limit: (limits: ResolvedLimits) => boolean;
  /** The kernel's count of refusals (pids) or OOM kills (memory) in this cgroup so far. */
  readonly events: () => number;
}

let counter = 0;
/** Empty cgroups kept for the next command: making a memory cgroup costs more than reusing one. */
const idle = new Map<string, Capped[][]>();
const MAX_IDLE = 4;
let exitInstalled = false;

/**
 * The cgroups that cap one command, below the host process's own: cgroup
 * v2 where the host's cgroup is delegated (its child gets the `pids` and
 * `memory` controllers), else the v1 `pids` and `memory` hierarchies where
 * they are writable (each alone if only one is). An emptied set from an
 * earlier command is reused, its limits written again and its event counts
 * taken as the new zero. Returns undefined when none can be made: the
 * watchdog then counts instead.
 */
export function createCommandCgroups({
  limits,
  root = "/sys/fs/cgroup",
  selfCgroup = readSelfCgroup(),
}: CommandCgroupsOptions): CommandCgroups | undefined {
  const key = `${root}\0${selfCgroup}`;
  let set = idle.get(key)?.pop();
  if (set && !set.every((c) => c.limit(limits))) {
    removeLater(set.map((c) => c.dir));
    set = undefined;
  }
  if (set === undefined) {
    const name = `toolkit-${process.pid}-${++counter}`;
    const lines = selfCgroup.split("\n").map((line) => line.split(":"));
    const own = (controller: string) =>
      lines.find(([, list]) =>
        controller === "" ? list === "" : (list ?? "").split(",").includes(controller),
      )?.[2];
    set = tryV2(root, own(""), name, limits) ?? tryV1(root, own, name, limits);
  }
  if (set === undefined || set.length === 0) return undefined;
  const made = set;
  const zero = made.map((c) => c.events());
  return {
    procs: made.map((c) => join(c.dir, "cgroup.procs")),
    covers: new Set(made.map((c) => c.cap)),
    kind: made[0]?.kind ?? "cgroup v1",
    hits: () => made.filter((c, i) => c.events() > (zero[i] ?? 0)).map((c) => c.cap),
    remove: async () => {
      const empty = () => made.every((c) => isEmpty(join(c.dir, "cgroup.procs")));
      // Usually empty at once (bubblewrap outlives its sandbox); else the kernel is still reaping.
      for (let i = 0; i < 50 && !empty(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      const list = idle.get(key) ?? [];
      if (list.length < MAX_IDLE && empty()) {
        list.push(made);
        idle.set(key, list);
        installExit();
        return;
      }
      await removeLater(made.map((c) => c.dir));
    },
  };
}

/** At exit, the kept empty cgroups are removed (synchronously: nothing else runs then). */
function installExit(): void {
  if (exitInstalled) return;
  exitInstalled = true;
  process.on("exit", () => {
    for (const sets of idle.values()) for (const set of sets) for (const c of set) removeNow(c.dir);
    idle.clear();
  });
}

function isEmpty(procs: string): boolean {
  try {
    return readFileSync(procs, "utf8").trim() === "";
  } catch {
    return false;
  }
}

function tryV2(
  root: string,
  own: string | undefined,
  name: string,
  limits: ResolvedLimits,
): Capped[] | undefined {
  if (own === undefined) return undefined;
  const mount = [root, join(root, "unified")].find((dir) => existsSync(join(dir, "cgroup.controllers")));
  if (mount === undefined) return undefined;
  const dir = join(mount, own, name);
  if (!make(dir)) return undefined;
  const set: Capped[] = [
    {
      kind: "cgroup v2",
      cap: "processes",
      dir,
      limit: (l) => write(join(dir, "pids.max"), String(l.processes)),
      events: () => counter_(join(dir, "pids.events"), "max"),
    },
    {
      kind: "cgroup v2",
      cap: "memory",
      dir,
      limit: (l) =>
        write(join(dir, "memory.max"), String(l.memoryBytes)) &&
        (!existsSync(join(dir, "memory.swap.max")) || write(join(dir, "memory.swap.max"), "0")),
      events: () => counter_(join(dir, "memory.events"), "oom_kill"),
    },
  ];
  let controllers: string[] = [];
  try {
    controllers = readFileSync(join(dir, "cgroup.controllers"), "utf8").split(/\s+/);
  } catch {
    // not readable: not delegated
  }
  if (
    !controllers.includes("pids") ||
    !controllers.includes("memory") ||
    !set.every((c) => c.limit(limits))
  ) {
    removeNow(dir);
    return undefined;
  }
  return set;
}

function tryV1(
  root: string,
  own: (controller: string) => string | undefined,
  name: string,
  limits: ResolvedLimits,
): Capped[] | undefined {
  const made: Capped[] = [];
  const pidsOwn = own("pids");
  if (pidsOwn !== undefined) {
    const dir = join(root, "pids", pidsOwn, name);
    const c: Capped = {
      kind: "cgroup v1",
      cap: "processes",
      dir,
      limit: (l) => write(join(dir, "pids.max"), String(l.processes)),
      events: () => counter_(join(dir, "pids.events"), "max"),
    };
    if (make(dir)) {
      if (c.limit(limits)) made.push(c);
      else removeNow(dir);
    }
  }
  const memoryOwn = own("memory");
  if (memoryOwn !== undefined) {
    const dir = join(root, "memory", memoryOwn, name);
    const memory = join(dir, "memory.limit_in_bytes");
    const memsw = join(dir, "memory.memsw.limit_in_bytes");
    const c: Capped = {
      kind: "cgroup v1",
      cap: "memory",
      dir,
      // With swap, memory+swap is capped too, so pages cannot hide in swap. memsw must stay >= the
      // memory limit, so the pair is written in whichever order works for a raise and a cut alike.
      limit: (l) => {
        const value = String(l.memoryBytes);
        const first = write(memory, value);
        if (existsSync(memsw)) write(memsw, value);
        return first || write(memory, value);
      },
      events: () => counter_(join(dir, "memory.oom_control"), "oom_kill"),
    };
    if (make(dir)) {
      if (c.limit(limits)) made.push(c);
      else removeNow(dir);
    }
  }
  return made.length === 0 ? undefined : made;
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
