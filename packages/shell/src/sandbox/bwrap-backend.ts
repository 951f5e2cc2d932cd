import { spawn } from "node:child_process";
import { existsSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { createOwnedTempDirSync, ToolError } from "@toolkit/core";
import { guardCommand } from "../process/exit-guard.js";
import { signalGroup } from "../process/process-group.js";
import { findShell } from "../process/find-shell.js";
import { liveDescendants, processState } from "../process/proc-stat.js";
import { scriptArgs } from "../process/script-args.js";
import type { ExitStatus, ShellBackend, ShellProcess, SpawnRequest } from "../process/shell-backend.js";
import { outputStreams } from "../process/spawn-detached.js";
import { ptyArgv } from "../terminal/pty-argv.js";
import { type AllowListProxy, type ProxyLookupFunction, startAllowListProxy } from "./allow-list-proxy.js";
import { BRIDGE_SCRIPT } from "./bridge-script.js";
import { bwrapArgs, type KernelArgs, PRIVATE_TMP } from "./bwrap-args.js";
import { launcherShell } from "./launch/launch-command.js";
import { type LaunchPlan, launchSandboxed, prewarm } from "./launch/warm-launchers.js";
import type { CountedCap } from "./limits/command-cgroups.js";
import { DEFAULT_LIMITS, type ResolvedLimits } from "./limits/limits-option.js";
import { startWatchdog } from "./limits/watchdog.js";
import type { NormalizedPolicy } from "./policy.js";
import { type SandboxMounts, within } from "./resolve-mounts.js";
import { filterPath } from "./seccomp/filter-fd.js";
import { encodeFilter, filterSupports, unixSocketFilter } from "./seccomp/unix-socket-filter.js";

/** How long after a command the launcher for the next one is started. */
const PREWARM_DELAY_MS = 20;

/** The port the bridge listens on inside the sandbox (each sandbox has its own network namespace). */
export const PROXY_PORT = 3128;

/** Options for `createBwrapBackend`. */
export interface BwrapBackendOptions {
  /** The `bwrap` executable. */
  bwrapPath: string;
  /** The policy's host paths for this call. */
  mounts: SandboxMounts;
  network: NormalizedPolicy["network"];
  /** The session temp dir: seen read-only inside (the host's spill and script files). */
  tempDir: string;
  /** The shell run inside. @default bash on the command's PATH, else /bin/sh */
  shell?: string;
  /** Name resolution of the allow-list proxy (a seam for tests). */
  lookup?: ProxyLookupFunction;
  /** Runs once the sandbox has ended, before `exited` settles (the sweep for protected names). */
  afterExit?: () => void;
  /** `false` adds the seccomp filter that refuses `socket(AF_UNIX)`. @default false */
  allowUnixSockets?: boolean;
  /** The caps of each command. @default DEFAULT_LIMITS */
  limits?: ResolvedLimits;
  /** Where cgroups are made; `null`: none, the watchdog counts (a seam for tests). @default "/sys/fs/cgroup" */
  cgroupRoot?: string | null;
}

/** A sandboxed backend for one call, and what its proxy refused. */
export interface BwrapBackend extends ShellBackend {
  /** Hosts the allow-list proxy refused during the call (empty without one). */
  refusedHosts(): readonly string[];
  /** The caps (`processes`, `memory`) that refused or stopped something in the call's command. */
  capsHit(): readonly CountedCap[];
  /** Stops the proxy of a backend whose command never started (a spawned command stops it on exit). */
  discard(): Promise<void>;
}

/** What one spawn needs beyond the options. */
interface Prepared {
  readonly launcher: string;
  readonly filter: Buffer | undefined;
  readonly nsenter: string | undefined;
  readonly socketPath: string | undefined;
  readonly hits: Set<CountedCap>;
}

/**
 * A ShellBackend that runs each command inside bubblewrap (see `bwrapArgs`).
 * The process the host holds is a bash launcher that closes every inherited
 * descriptor, joins the command's cgroups and sets RLIMIT_FSIZE, then
 * becomes bubblewrap, in a process group of its own (started ahead and
 * waiting for the command where an earlier one had the same plan, see
 * `launchSandboxed`); the sandbox lives in a
 * PID namespace that ends when bubblewrap does. A signal other than SIGKILL
 * goes to every process inside (found through /proc, whatever groups or
 * sessions they made); SIGKILL ends bubblewrap and with it the namespace.
 * Unless `allowUnixSockets`, bubblewrap installs the seccomp filter that
 * refuses AF_UNIX sockets. With a network allow-list a filtering proxy
 * listens on a host Unix socket, and a bridge joins the sandbox's network
 * namespace from outside (outside the filter too) before the command starts.
 */
export async function createBwrapBackend(options: BwrapBackendOptions): Promise<BwrapBackend> {
  const { network } = options;
  const launcher = launcherShell();
  if (launcher === undefined) {
    throw ToolError.execution("the sandbox needs bash in /bin or /usr/bin to start commands");
  }
  let filter: Buffer | undefined;
  if (options.allowUnixSockets !== true) {
    if (!filterSupports(process.arch)) {
      throw ToolError.execution(
        `the Unix socket filter knows no system call table for ${process.arch}; set sandbox.allowUnixSockets: true to run without it`,
      );
    }
    filter = encodeFilter(unixSocketFilter());
  }
  let nsenter: string | undefined;
  let proxy: AllowListProxy | undefined;
  let socketDir: string | undefined;
  if (typeof network === "object") {
    nsenter = ["/usr/bin/nsenter", "/bin/nsenter"].find((file) => existsSync(file));
    if (nsenter === undefined) {
      throw ToolError.execution("a network allow-list needs nsenter (Debian package util-linux) in /usr/bin");
    }
    // Marked as this process's, so a sweep removes it if the host is killed while it exists.
    socketDir = createOwnedTempDirSync({ prefix: `toolkit-proxy-${process.pid}-` });
    try {
      proxy = await startAllowListProxy({
        allow: network.allow,
        socketPath: join(socketDir, "proxy.sock"),
        ...(options.lookup ? { lookup: options.lookup } : {}),
      });
    } catch (error) {
      rmSync(socketDir, { recursive: true, force: true });
      throw error;
    }
  }
  const release = async () => {
    await proxy?.close();
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  const prepared: Prepared = {
    launcher,
    filter,
    nsenter,
    socketPath: socketDir === undefined ? undefined : join(socketDir, "proxy.sock"),
    hits: new Set(),
  };
  let spawned = false;
  return {
    refusedHosts: () => proxy?.refused ?? [],
    capsHit: () => [...prepared.hits],
    discard: () => (spawned ? Promise.resolve() : release()),
    spawn(request) {
      spawned = true;
      const proc = spawnBwrap(options, prepared, request);
      proc.exited.then(release, release);
      return proc;
    },
  };
}

function spawnBwrap(options: BwrapBackendOptions, prepared: Prepared, request: SpawnRequest): ShellProcess {
  const { command, cwd } = request;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const shell = options.shell ?? findShell({ path: request.env.PATH, name: request.shell ?? "bash" });
  // $TMPDIR is the private tmpfs of limits.tempBytes, or /tmp itself where a writable place covers it.
  const privateTmp = !options.mounts.writable.some((w) => within("/tmp", w.path));
  const env: Record<string, string> = { ...request.env, TMPDIR: privateTmp ? PRIVATE_TMP : "/tmp" };
  // A command too long for one argument (E2BIG) runs from a private file in the
  // session's temp dir, which the sandbox sees (read-only) at the same path.
  const script = scriptArgs({ command, tempDir: options.tempDir });
  let argv = request.tty ? ptyArgv([shell, ...script.args], request.tty) : [shell, ...script.args];
  // The session temp dir holds the host's spill files: the command reads them, never writes there
  // (its own temp files go to the sized, private /tmp and vanish with it).
  // (Unless a writable place lies inside it, which a read-only bind over it would cover.)
  const tempReadOnly = !options.mounts.writable.some(
    (w) => w.path !== options.tempDir && within(w.path, options.tempDir),
  );
  const readOnlyBinds: string[] = tempReadOnly ? [options.tempDir] : [];
  const readFds: { fd: number; path: string }[] = [];
  const kernel: KernelArgs = { tmpBytes: limits.tempBytes, shmBytes: limits.shmBytes };
  if (prepared.filter) {
    kernel.seccompFd = 3;
    readFds.push({ fd: 3, path: filterPath(prepared.filter) });
  }
  if (prepared.socketPath !== undefined) {
    const url = `http://127.0.0.1:${PROXY_PORT}`;
    for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"]) {
      env[name] = url;
    }
    env.NO_PROXY = env.no_proxy = "localhost,127.0.0.1,::1";
    env.NODE_USE_ENV_PROXY = "1";
    // The command starts once the bridge, started from outside, listens on the sandbox's loopback.
    argv = [prepared.launcher, "-c", `${WAIT_FOR_BRIDGE}\nexec "$@"`, "sandbox-wait", ...argv];
  }
  if (options.network === "host") readOnlyBinds.push(...resolverDirs());
  const network = options.network === "host" ? "host" : prepared.socketPath === undefined ? "none" : "proxy";
  // The temp dir is bound once, read-only, rather than read-write and then read-only over it.
  const mounts = {
    ...options.mounts,
    writable: options.mounts.writable.filter((w) => w.path !== options.tempDir),
  };
  const args = bwrapArgs({ mounts, network, cwd, argv, readOnlyBinds, kernel });
  // A command passed as `-c COMMAND` (not a script file), without the proxy bridge, may go to a
  // launcher started ahead for the same arguments (see `launchSandboxed`).
  // A terminal job or one with a stdin pipe always starts cold: a waiting launcher's stdin is /dev/null.
  const input = request.tty !== undefined || request.stdin === "pipe";
  const warmable =
    !input && script.args[0] === "-c" && prepared.socketPath === undefined && args.at(-1) === command;
  const plan: LaunchPlan = {
    bwrap: options.bwrapPath,
    args: warmable ? args.slice(0, -1) : args,
    readFds,
    limits,
    cgroupRoot: options.cgroupRoot,
    env,
    cwd,
  };
  const { child, cgroups } = launchSandboxed(plan, warmable ? command : undefined, input);
  const pid = child.pid;
  // If the host exits or is signalled first, bubblewrap's group is killed, and with it the namespace.
  const unguard =
    pid === undefined ? () => undefined : guardCommand({ killNow: () => signalGroup(pid, "SIGKILL") });
  const counted = new Set<CountedCap>(
    ["processes", "memory"].filter((cap) => !cgroups?.covers.has(cap as CountedCap)) as CountedCap[],
  );
  const stopWatchdog =
    pid === undefined || counted.size === 0
      ? () => undefined
      : startWatchdog({
          pid,
          limits,
          caps: counted,
          onExceeded: (cap) => {
            prepared.hits.add(cap);
            signalGroup(pid, "SIGKILL");
          },
        });
  let failure: string | undefined;
  let exitedYet = false;
  let stopBridge: () => void = () => undefined;
  if (pid !== undefined && prepared.nsenter && prepared.socketPath) {
    startBridge({ pid, nsenter: prepared.nsenter, socketPath: prepared.socketPath }).then(
      (bridge) => {
        if (exitedYet) bridge.stop();
        else stopBridge = bridge.stop;
      },
      (error: Error) => {
        failure = `sandbox proxy bridge: ${error.message}`;
        signalGroup(pid, "SIGKILL");
      },
    );
  }
  // Inside the PID namespace bubblewrap's init reports a command killed by signal N as exit 128+N.
  // When that signal is one the backend sent, it is reported as the signal, as the Unix backend does.
  const sent = new Set<NodeJS.Signals>();
  const exited: Promise<ExitStatus> = child.exited.then(({ exitCode, signal, spawnError }) => {
    exitedYet = true;
    stopWatchdog();
    stopBridge();
    for (const cap of cgroups?.hits() ?? []) prepared.hits.add(cap);
    // Once the cgroups are free again, the next command of the same plan finds its launcher waiting.
    // Started a little later, so that its fork does not delay this command's reply.
    void (cgroups?.remove() ?? Promise.resolve()).then(() => {
      if (warmable && spawnError === undefined) setTimeout(() => prewarm(plan), PREWARM_DELAY_MS).unref();
    });
    if (spawnError !== undefined) return { exitCode: null, signal: null, spawnError };
    if (failure) return { exitCode: null, signal: null, spawnError: failure };
    const mine = [...sent].find((s) => exitCode === 128 + constants.signals[s]);
    return mine ? { exitCode: null, signal: mine } : { exitCode, signal };
  });
  // While bubblewrap runs, the sandbox does; once it is reaped the kernel has ended the namespace
  // (--die-with-parent); only in between, while it is a zombie, are its descendants looked up.
  const alive = () => {
    if (pid === undefined) return false;
    const state = processState(pid);
    if (state === "gone") return false;
    return state === "running" || liveDescendants(pid).length > 0;
  };
  exited.then(() => {
    script.cleanup();
    if (!alive()) unguard();
  });
  const { afterExit } = options;
  return {
    pid,
    ...outputStreams(child),
    exited: afterExit
      ? exited.then((status) => {
          afterExit();
          return status;
        })
      : exited,
    signalGroup: (signal) => {
      if (pid === undefined) return false;
      sent.add(signal);
      const inside = liveDescendants(pid);
      let reached = false;
      if (signal === "SIGKILL" || inside.length === 0) reached = kill(-pid, signal);
      for (const p of inside) reached = kill(p, signal) || reached;
      if (!reached) unguard();
      return reached;
    },
    groupAlive: () => {
      const running = alive();
      if (!running) unguard();
      return running;
    },
  };
}

/** Waits (bash, inside the sandbox) until the bridge accepts connections on the sandbox's loopback, 10 s at most. */
const WAIT_FOR_BRIDGE = [
  "i=0",
  `until (: </dev/tcp/127.0.0.1/${PROXY_PORT}) 2>/dev/null; do`,
  // Bounded, so that a sandbox whose host died before the bridge started ends by itself.
  '  i=$((i+1)); [ "$i" -le 1000 ] || { echo "sandbox: the network proxy bridge did not start" >&2; exit 125; }',
  "  sleep 0.01",
  "done",
].join("\n");

/**
 * Finds the first process of the sandbox (bubblewrap's child, in a network
 * namespace of its own), then starts the bridge in that network namespace
 * (and user namespace, when it has its own) with nsenter; resolves once the
 * bridge listens.
 */
async function startBridge({
  pid,
  nsenter,
  socketPath,
}: {
  pid: number;
  nsenter: string;
  socketPath: string;
}): Promise<{ stop(): void }> {
  const ownNet = readlinkSafe("/proc/self/ns/net");
  let target: number | undefined;
  for (let attempt = 0; attempt < 2000 && target === undefined; attempt++) {
    if (processState(pid) === "gone") throw new Error("bubblewrap ended before the sandbox started");
    target = liveDescendants(pid).find((p) => {
      const net = readlinkSafe(`/proc/${p}/ns/net`);
      return net !== "" && net !== ownNet;
    });
    if (target === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (target === undefined) throw new Error("the sandbox did not start within 10 s");
  const nsArgs = ["--target", String(target), "--net"];
  if (readlinkSafe(`/proc/${target}/ns/user`) !== readlinkSafe("/proc/self/ns/user")) {
    nsArgs.push("--user", "--preserve-credentials");
  }
  const bridge = spawn(
    nsenter,
    [...nsArgs, "--", process.execPath, "-e", BRIDGE_SCRIPT, socketPath, String(PROXY_PORT)],
    { stdio: ["pipe", "pipe", "pipe"], env: {} },
  );
  return new Promise((resolve, reject) => {
    let errors = "";
    bridge.stderr.on("data", (c: Buffer) => {
      errors += c.toString();
    });
    bridge.stdout.once("data", () => resolve({ stop: () => void bridge.kill("SIGKILL") }));
    bridge.once("exit", () => reject(new Error(errors.trim() || "the bridge exited before it listened")));
    bridge.once("error", reject);
  });
}

function readlinkSafe(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}

function kill(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Directories under /run that /etc/resolv.conf leads to (systemd-resolved), kept for `network: "host"`. */
function resolverDirs(): string[] {
  try {
    const real = realpathSync("/etc/resolv.conf");
    return real.startsWith("/run/") ? [dirname(real)] : [];
  } catch {
    return [];
  }
}
