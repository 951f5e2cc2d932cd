import { realpathSync, rmSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { createOwnedTempDirSync } from "@toolkit/core";
import { guardCommand } from "../process/exit-guard.js";
import { signalGroup } from "../process/process-group.js";
import { findShell } from "../process/find-shell.js";
import { liveDescendants, processState } from "../process/proc-stat.js";
import { scriptArgs } from "../process/script-args.js";
import type { ExitStatus, ShellBackend, ShellProcess, SpawnRequest } from "../process/shell-backend.js";
import { outputStreams, spawnDetached } from "../process/spawn-detached.js";
import { type AllowListProxy, type ProxyLookupFunction, startAllowListProxy } from "./allow-list-proxy.js";
import { BRIDGE_SCRIPT } from "./bridge-script.js";
import { bwrapArgs } from "./bwrap-args.js";
import type { NormalizedPolicy } from "./policy.js";
import type { SandboxMounts } from "./resolve-mounts.js";

/** The port the in-sandbox bridge listens on (each sandbox has its own network namespace). */
export const PROXY_PORT = 3128;

/** Options for `createBwrapBackend`. */
export interface BwrapBackendOptions {
  /** The `bwrap` executable. */
  bwrapPath: string;
  /** The policy's host paths for this call. */
  mounts: SandboxMounts;
  network: NormalizedPolicy["network"];
  /** The session temp dir: `TMPDIR` inside. */
  tempDir: string;
  /** The shell run inside. @default bash on the command's PATH, else /bin/sh */
  shell?: string;
  /** Name resolution of the allow-list proxy (a seam for tests). */
  lookup?: ProxyLookupFunction;
  /** Runs once the sandbox has ended, before `exited` settles (the sweep for protected names). */
  afterExit?: () => void;
}

/** A sandboxed backend for one call, and what its proxy refused. */
export interface BwrapBackend extends ShellBackend {
  /** Hosts the allow-list proxy refused during the call (empty without one). */
  refusedHosts(): readonly string[];
  /** Stops the proxy of a backend whose command never started (a spawned command stops it on exit). */
  discard(): Promise<void>;
}

/**
 * A ShellBackend that runs each command inside bubblewrap (see `bwrapArgs`).
 * The process the host holds is bubblewrap itself, in a process group of its
 * own; the sandbox lives in a PID namespace that ends when bubblewrap does.
 * A signal other than SIGKILL goes to every process inside (found through
 * /proc, whatever groups or sessions they made); SIGKILL ends bubblewrap and
 * with it the whole namespace. With a network allow-list a filtering proxy
 * listens on a Unix socket for the duration of the command.
 */
export async function createBwrapBackend(options: BwrapBackendOptions): Promise<BwrapBackend> {
  const { network } = options;
  let proxy: AllowListProxy | undefined;
  let socketDir: string | undefined;
  if (typeof network === "object") {
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
  let spawned = false;
  return {
    refusedHosts: () => proxy?.refused ?? [],
    discard: () => (spawned ? Promise.resolve() : release()),
    spawn(request) {
      spawned = true;
      const proc = spawnBwrap(options, request, socketDir);
      proc.exited.then(release, release);
      return proc;
    },
  };
}

function spawnBwrap(
  options: BwrapBackendOptions,
  request: SpawnRequest,
  socketDir: string | undefined,
): ShellProcess {
  const { command, cwd } = request;
  const shell = options.shell ?? findShell({ path: request.env.PATH, name: request.shell ?? "bash" });
  const env: Record<string, string> = { ...request.env, TMPDIR: options.tempDir };
  // A command too long for one argument (E2BIG) runs from a private file in the
  // session's temp dir, which the sandbox sees at the same path.
  const script = scriptArgs({ command, tempDir: options.tempDir });
  const long = script.args[0] !== "-c";
  let argv = [shell, ...script.args];
  const readOnlyBinds: string[] = [];
  if (socketDir !== undefined) {
    const url = `http://127.0.0.1:${PROXY_PORT}`;
    for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"]) {
      env[name] = url;
    }
    env.NO_PROXY = env.no_proxy = "localhost,127.0.0.1,::1";
    env.NODE_USE_ENV_PROXY = "1";
    argv = [
      process.execPath,
      "-e",
      BRIDGE_SCRIPT,
      join(socketDir, "proxy.sock"),
      String(PROXY_PORT),
      shell,
      long ? `. '${script.args[0]}'` : command,
    ];
    readOnlyBinds.push(socketDir);
  }
  if (options.network === "host") readOnlyBinds.push(...resolverDirs());
  const network = options.network === "host" ? "host" : socketDir === undefined ? "none" : "proxy";
  const args = bwrapArgs({ mounts: options.mounts, network, cwd, argv, readOnlyBinds });
  const child = spawnDetached(options.bwrapPath, args, { cwd, env });
  const pid = child.pid;
  // If the host exits or is signalled first, bubblewrap's group is killed, and with it the namespace.
  const unguard =
    pid === undefined ? () => undefined : guardCommand({ killNow: () => signalGroup(pid, "SIGKILL") });
  // Inside the PID namespace bubblewrap's init reports a command killed by signal N as exit 128+N.
  // When that signal is one the backend sent, it is reported as the signal, as the Unix backend does.
  const sent = new Set<NodeJS.Signals>();
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once("exit", (exitCode, signal) => {
      const mine = [...sent].find((s) => exitCode === 128 + constants.signals[s]);
      resolve(mine ? { exitCode: null, signal: mine } : { exitCode, signal });
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (pid === undefined)
        resolve({ exitCode: null, signal: null, spawnError: error.code ?? error.message });
    });
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
