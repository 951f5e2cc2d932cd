import { PassThrough, type Readable, type Writable } from "node:stream";
import { execa } from "execa";

/**
 * Starts `file args` the way every backend runs a command: in a new process
 * group and session (`detached`), stdin from /dev/null (or a pipe), exactly `env` (no
 * inherited variables), stdout and stderr as raw byte streams that nothing
 * buffers, and no kill on host exit (the backends' exit guard does that).
 * Its result promise is handled here, so a failure never surfaces as an
 * unhandled rejection; callers read the `exit`/`error` events or the result.
 */
export function spawnDetached(
  file: string,
  args: readonly string[],
  { cwd, env, stdin = "ignore" }: { cwd: string; env: Record<string, string>; stdin?: "ignore" | "pipe" },
) {
  const child = execa(file, args, {
    cwd,
    env,
    extendEnv: false,
    stdin,
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
    cleanup: false,
    buffer: false,
    reject: false,
    encoding: "buffer",
    stripFinalNewline: false,
  });
  child.then(
    () => undefined,
    () => undefined,
  );
  return child;
}

/**
 * The child's output streams (an empty, ended stream stands for one that is
 * absent) and its stdin pipe, if it has one. A write to a stdin the command
 * has closed is dropped, not an uncaught EPIPE.
 */
export function outputStreams(child: {
  stdout: Readable | null;
  stderr: Readable | null;
  stdin?: Writable | null;
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
