import { randomUUID } from "node:crypto";
import { guardCommand } from "./exit-guard.js";
import { findShell } from "./find-shell.js";
import { openPidWindow } from "./pid-window.js";
import { pipeNames } from "./proc-stat.js";
import { ProcessTree } from "./process-tree.js";
import { type ScriptArgs, scriptArgs } from "./script-args.js";
import { ptyArgv } from "../terminal/pty-argv.js";
import { emptyStream, errorCode, outputStreams, spawnDetached } from "./spawn-detached.js";
import type { ExitStatus, ShellBackend, ShellProcess, SpawnRequest } from "./shell-backend.js";

/** The variable that marks every process of a command (inherited by all it starts). */
export const COMMAND_MARKER = "TOOLKIT_COMMAND_ID";

/** How often a running command's processes are looked at, to remember children before they are re-parented. */
const SCAN_INTERVAL_MS = 1000;

/** Options for the Unix backend. */
export interface UnixShellBackendOptions {
  /** The shell that runs `<shell> -c <command>`. @default bash on PATH (sh when the request asks), else /bin/sh */
  shell?: string;
  /**
   * End running commands and jobs when the host process receives SIGTERM,
   * SIGINT or SIGHUP (see README, "Host signals"). @default true
   */
  endOnHostSignal?: boolean;
  /** Commands longer than this (UTF-8 bytes) run from a file instead of `-c`. @default 65536 */
  maxArgBytes?: number;
}

/**
 * Runs commands as `bash -c <command>` (or `sh -c` where bash is absent, or
 * a script file for commands too long for one argument) with
 * `spawnDetached`: a new process group and session (`detached`), stdin
 * from /dev/null, exactly the environment given plus `TOOLKIT_COMMAND_ID`,
 * output as raw byte streams. Every process the command starts is tracked
 * (`ProcessTree`) and killed with it.
 */
export class UnixShellBackend implements ShellBackend {
  readonly #shell: string | undefined;
  readonly #endOnHostSignal: boolean;
  readonly #maxArgBytes: number | undefined;

  constructor({ shell, endOnHostSignal = true, maxArgBytes }: UnixShellBackendOptions = {}) {
    this.#shell = shell;
    this.#endOnHostSignal = endOnHostSignal;
    this.#maxArgBytes = maxArgBytes;
  }

  spawn({ command, cwd, env, tempDir, shell, stdin, tty }: SpawnRequest): ShellProcess {
    let script: ScriptArgs;
    try {
      script = scriptArgs({
        command,
        tempDir,
        ...(this.#maxArgBytes ? { maxArgBytes: this.#maxArgBytes } : {}),
      });
    } catch (error) {
      return failedProcess(errorCode(error));
    }
    const id = randomUUID();
    const file = this.#shell ?? findShell({ path: env.PATH, name: shell ?? "bash" });
    const [program = file, ...args] = tty ? ptyArgv([file, ...script.args], tty) : [file, ...script.args];
    const window = openPidWindow();
    const child = spawnDetached(program, args, {
      cwd,
      env: { ...env, [COMMAND_MARKER]: id },
      input: tty !== undefined || stdin === "pipe",
    });
    const pid = child.pid;
    if (pid === undefined) {
      script.cleanup();
      return { ...failedProcess("spawn failed"), exited: child.exited };
    }
    const tree = new ProcessTree(pid, `${COMMAND_MARKER}=${id}`, window);
    const pipes = pipeNames(pid, [1, 2]);
    let ended = false;
    // Also ends the tracking of a command whose caller never asks again once everything is gone.
    const scanner = setInterval(() => {
      if (tree.scan().length === 0 && ended) release();
    }, SCAN_INTERVAL_MS);
    scanner.unref();
    const unguard = guardCommand(
      { killNow: () => tree.signal("SIGKILL") },
      { endOnHostSignal: this.#endOnHostSignal },
    );
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(scanner);
      unguard();
    };
    const exited: Promise<ExitStatus> = child.exited.then((status) => {
      ended = true;
      script.cleanup();
      return status;
    });
    return {
      pid,
      ...outputStreams(child),
      exited,
      signalGroup: (signal) => {
        const sent = tree.signal(signal);
        if (!sent) release();
        return sent;
      },
      groupAlive: () => {
        const alive = tree.alive();
        if (!alive) release();
        return alive;
      },
      adoptPipeHolders: () => tree.adoptPipeHolders(pipes),
    };
  }
}

/** A command that never started: no process, empty streams, `exited` already settled. */
function failedProcess(code: string): ShellProcess {
  return {
    pid: undefined,
    stdout: emptyStream(),
    stderr: emptyStream(),
    exited: Promise.resolve({ exitCode: null, signal: null, spawnError: code }),
    signalGroup: () => false,
    groupAlive: () => false,
  };
}

/** @deprecated use UnixShellBackend (the seed's name); to be removed in 0.3 */
export const UnixBackend = UnixShellBackend;
/** @deprecated use UnixShellBackend (the seed's name); to be removed in 0.3 */
export type UnixBackend = UnixShellBackend;
/** @deprecated use UnixShellBackendOptions; to be removed in 0.3 */
export type UnixBackendOptions = UnixShellBackendOptions;
