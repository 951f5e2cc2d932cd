import { type DetachedChild, spawnDetached } from "../../process/spawn-detached.js";
import { type CommandCgroups, createCommandCgroups } from "../limits/command-cgroups.js";
import type { ResolvedLimits } from "../limits/limits-option.js";
import { LAUNCHER_VARIABLES, launchCommand } from "./launch-command.js";

/** Everything a sandboxed command is launched with except the command itself. */
export interface LaunchPlan {
  readonly bwrap: string;
  /** bubblewrap's arguments; with a command given to `launchSandboxed`, all but that last one. */
  readonly args: readonly string[];
  readonly readFds: readonly { readonly fd: number; readonly path: string }[];
  readonly limits: ResolvedLimits;
  /** Where cgroups are made; `null`: none. @default "/sys/fs/cgroup" */
  readonly cgroupRoot?: string | null | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

/** A launched command: the host's process (the launcher, then bubblewrap) and its cgroups. */
export interface Launched {
  readonly child: DetachedChild;
  readonly cgroups: CommandCgroups | undefined;
}

interface Warm extends Launched {
  dead: boolean;
}

/** Launchers kept waiting, by plan; the oldest is ended past this many. */
const MAX_WARM = 4;
const pool = new Map<string, Warm>();
let exitInstalled = false;

/**
 * Launches a sandboxed command. With `command` (the last argument of
 * bubblewrap, appended to `plan.args`), a launcher started earlier for an
 * identical plan is used when one waits (see `prewarm`): it has already
 * closed its inherited descriptors, joined its cgroups and set its limits,
 * so only the command is left to send. Otherwise, or without `command`
 * (the plan's arguments are complete), a launcher is started now, as
 * `launchCommand` describes. Either way the same arguments reach
 * bubblewrap, under the same caps.
 */
export function launchSandboxed(plan: LaunchPlan, command?: string, input = false): Launched {
  if (command !== undefined && !input) {
    const key = warmKey(plan);
    const warm = key === undefined || command.includes("\0") ? undefined : pool.get(key);
    if (warm && key !== undefined) {
      pool.delete(key);
      if (!warm.dead && warm.child.stdin) {
        warm.child.setRef(true);
        warm.child.stdin.end(`go\n${command}`);
        return warm;
      }
    }
  }
  const cgroups = cgroupsFor(plan);
  const launch = launchCommand({
    bwrap: plan.bwrap,
    args: command === undefined ? plan.args : [...plan.args, command],
    readFds: plan.readFds,
    cgroupProcs: cgroups?.procs ?? [],
    fileBytes: plan.limits.fileBytes,
  });
  const child = spawnDetached(launch.file, launch.args, { cwd: plan.cwd, env: { ...plan.env }, input });
  return { child, cgroups };
}

/**
 * Starts a launcher for the next command of `plan` and keeps it waiting
 * (it does not hold the host's event loop open, and ends with the host).
 * Called once a command of the plan has ended and its cgroups are free
 * again, so the next command skips the spawn, the descriptor closing and
 * the cgroup joins (a v1 cgroup join alone costs milliseconds).
 */
export function prewarm(plan: LaunchPlan): void {
  const key = warmKey(plan);
  if (key === undefined || pool.has(key)) return;
  const cgroups = cgroupsFor(plan);
  const launch = launchCommand({
    bwrap: plan.bwrap,
    args: plan.args,
    readFds: plan.readFds,
    cgroupProcs: cgroups?.procs ?? [],
    fileBytes: plan.limits.fileBytes,
    commandFromStdin: true,
  });
  const child = spawnDetached(launch.file, launch.args, { cwd: plan.cwd, env: { ...plan.env }, input: true });
  if (child.pid === undefined || child.stdin === undefined) {
    void cgroups?.remove();
    return;
  }
  child.setRef(false);
  // A launcher that died meanwhile makes stdin fail with EPIPE; it is then not used.
  child.stdin.on("error", () => undefined);
  const warm: Warm = { child, cgroups, dead: false };
  child.exited.then(() => {
    warm.dead = true;
    if (pool.get(key) !== warm) return;
    pool.delete(key);
    child.stdout.destroy();
    child.stderr.destroy();
    void cgroups?.remove();
  });
  if (pool.size >= MAX_WARM) {
    const [oldest] = pool.values();
    if (oldest) end(oldest);
  }
  pool.set(key, warm);
  installExit();
}

/** Ends every waiting launcher (they have run nothing). */
export function endWarmLaunchers(): void {
  for (const warm of pool.values()) end(warm);
}

function end(warm: Warm): void {
  const pid = warm.child.pid;
  if (pid === undefined) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone already
  }
}

function installExit(): void {
  if (exitInstalled) return;
  exitInstalled = true;
  process.on("exit", endWarmLaunchers);
}

function cgroupsFor(plan: LaunchPlan): CommandCgroups | undefined {
  if (plan.cgroupRoot === null) return undefined;
  return createCommandCgroups({
    limits: plan.limits,
    ...(plan.cgroupRoot ? { root: plan.cgroupRoot } : {}),
  });
}

/** The plan as a key; undefined when a warm launcher cannot take it (its own variable names are in the environment). */
function warmKey(plan: LaunchPlan): string | undefined {
  if (LAUNCHER_VARIABLES.some((name) => Object.hasOwn(plan.env, name))) return undefined;
  return JSON.stringify([
    plan.bwrap,
    plan.args,
    plan.readFds,
    plan.limits,
    plan.cgroupRoot ?? "",
    plan.cwd,
    Object.entries(plan.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ]);
}
