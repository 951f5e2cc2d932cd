import { spawn } from "node:child_process";
import { PassThrough, type Readable, type Writable } from "node:stream";

/** How a process started by `spawnDetached` ended: its status, or why it never started. */
export interface DetachedExit {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The error code (`ENOENT`, `E2BIG`, ...) when the process never started. */
  readonly spawnError?: string;
}

/** A process started by `spawnDetached`. */
export interface DetachedChild {
  /** Undefined when the process never started (`exited` then names the error). */
  readonly pid: number | undefined;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles once, when the process has exited or failed to start; never rejects. */
  readonly exited: Promise<DetachedExit>;
  /** With `input`: the process's stdin. */
  readonly stdin?: Writable;
  /** Whether the host's event loop waits for the process and its pipes (it does from the start). */
  setRef(ref: boolean): void;
}

/** Options for `spawnDetached`. */
export interface SpawnDetachedOptions {
  cwd: string;
  env: Record<string, string>;
  /** stdin is a pipe from the host instead of /dev/null (the warm sandbox launcher reads its command there). @default false */
  input?: boolean;
}

/**
 * Starts `file args` the way every backend runs a command: in a new process
 * group and session (`detached`), stdin from /dev/null, exactly `env` (no
 * inherited variables), stdout and stderr as raw byte streams that nothing
 * buffers, and no kill on host exit (the backends' exit guard does that).
 * Plain `child_process.spawn`: a wrapper library cost a millisecond and
 * more per command. Never throws: a spawn that fails (at once, as E2BIG
 * does, or through the `error` event, as ENOENT does) settles `exited`
 * with the error's code and empty streams.
 */
export function spawnDetached(
  file: string,
  args: readonly string[],
  { cwd, env, input = false }: SpawnDetachedOptions,
): DetachedChild {
  let child: ReturnType<typeof spawn>;
  try {
    child = spawn(file, args, {
      cwd,
      env,
      stdio: [input ? "pipe" : "ignore", "pipe", "pipe"],
      detached: true,
    });
  } catch (error) {
    return failed(errorCode(error));
  }
  const started = child.pid !== undefined;
  const exited = new Promise<DetachedExit>((resolve) => {
    child.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
    // Always listened to: an `error` event nobody hears would end the host.
    child.on("error", (error) => {
      if (!started) resolve({ exitCode: null, signal: null, spawnError: errorCode(error) });
    });
  });
  if (!started) {
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
    return { pid: undefined, stdout: emptyStream(), stderr: emptyStream(), exited, setRef: () => undefined };
  }
  const setRef = (ref: boolean) => {
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      const socket = stream as (typeof stream & { ref?(): void; unref?(): void }) | null;
      if (ref) socket?.ref?.();
      else socket?.unref?.();
    }
    if (ref) child.ref();
    else child.unref();
  };
  return {
    pid: child.pid,
    ...outputStreams(child),
    exited,
    ...(input && child.stdin ? { stdin: child.stdin } : {}),
    setRef,
  };
}

/**
 * The child's output streams (an empty, ended stream stands for one that is
 * absent) and its stdin pipe, if it has one. A write to a stdin the command
 * has closed is dropped, not an uncaught EPIPE.
 */
export function outputStreams(child: {
  stdout: Readable | null;
  stderr: Readable | null;
  stdin?: Writable | null | undefined;
}): { stdout: Readable; stderr: Readable; stdin?: Writable } {
  const streams = { stdout: child.stdout ?? emptyStream(), stderr: child.stderr ?? emptyStream() };
  if (!child.stdin) return streams;
  child.stdin.on("error", () => undefined);
  return { ...streams, stdin: child.stdin };
}

/** A stream with nothing in it, already ended. */
export function emptyStream(): Readable {
  const stream = new PassThrough();
  stream.end();
  return stream;
}

function failed(code: string): DetachedChild {
  return {
    pid: undefined,
    stdout: emptyStream(),
    stderr: emptyStream(),
    exited: Promise.resolve({ exitCode: null, signal: null, spawnError: code }),
    setRef: () => undefined,
  };
}

/** The `code` of a Node error (`ENOENT`, `E2BIG`, ...), else its message. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}
