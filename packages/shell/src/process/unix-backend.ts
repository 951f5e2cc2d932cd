import { PassThrough, type Readable } from "node:stream";
import { execa } from "execa";
import { guardGroup } from "./exit-guard.js";
import { findShell } from "./find-shell.js";
import { groupAlive, signalGroup } from "./process-group.js";
import type { ExitStatus, ShellBackend, ShellProcess, SpawnRequest } from "./shell-backend.js";

/** Options for the Unix backend. */
export interface UnixBackendOptions {
  /** The shell that runs `<shell> -c <command>`. @default bash on PATH, else /bin/sh */
  shell?: string;
}

/**
 * Runs commands as `bash -c <command>` (or `sh -c` where bash is absent)
 * through execa: a new process group (`detached`), stdin from /dev/null,
 * exactly the environment given, output as raw byte streams.
 */
export class UnixBackend implements ShellBackend {
  readonly #shell: string | undefined;

  constructor({ shell }: UnixBackendOptions = {}) {
    this.#shell = shell;
  }

  spawn({ command, cwd, env }: SpawnRequest): ShellProcess {
    const child = execa(this.#shell ?? findShell({ path: env.PATH }), ["-c", command], {
      cwd,
      env,
      extendEnv: false,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      detached: true,
      cleanup: false,
      buffer: false,
      reject: false,
      encoding: "buffer",
      stripFinalNewline: false,
    });
    // execa settles the promise with the result; errors are read from events below.
    child.then(
      () => undefined,
      () => undefined,
    );
    const pid = child.pid;
    const release = pid === undefined ? () => undefined : guardGroup(pid);
    const exited = new Promise<ExitStatus>((resolve) => {
      child.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
      child.once("error", (error: NodeJS.ErrnoException) => {
        if (pid === undefined)
          resolve({ exitCode: null, signal: null, spawnError: error.code ?? error.message });
      });
    });
    exited.then(() => {
      if (pid === undefined || !groupAlive(pid)) release();
    });
    return {
      pid,
      stdout: child.stdout ?? emptyStream(),
      stderr: child.stderr ?? emptyStream(),
      exited,
      signalGroup: (signal) => {
        if (pid === undefined) return false;
        const sent = signalGroup(pid, signal);
        if (!sent) release();
        return sent;
      },
      groupAlive: () => {
        const alive = pid !== undefined && groupAlive(pid);
        if (!alive) release();
        return alive;
      },
    };
  }
}

function emptyStream(): Readable {
  const stream = new PassThrough();
  stream.end();
  return stream;
}
