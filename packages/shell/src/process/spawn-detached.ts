import { PassThrough, type Readable } from "node:stream";
import { execa } from "execa";

/**
 * Starts `file args` the way every backend runs a command: in a new process
 * group and session (`detached`), stdin from /dev/null, exactly `env` (no
 * inherited variables), stdout and stderr as raw byte streams that nothing
 * buffers, and no kill on host exit (the backends' exit guard does that).
 * Its result promise is handled here, so a failure never surfaces as an
 * unhandled rejection; callers read the `exit`/`error` events or the result.
 */
export function spawnDetached(
  file: string,
  args: readonly string[],
  { cwd, env }: { cwd: string; env: Record<string, string> },
) {
  const child = execa(file, args, {
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
  child.then(
    () => undefined,
    () => undefined,
  );
  return child;
}

/** The child's output streams; an empty, ended stream stands for one that is absent. */
export function outputStreams(child: { stdout: Readable | null; stderr: Readable | null }): {
  stdout: Readable;
  stderr: Readable;
} {
  return { stdout: child.stdout ?? emptyStream(), stderr: child.stderr ?? emptyStream() };
}

/** A stream with nothing in it, already ended. */
export function emptyStream(): Readable {
  const stream = new PassThrough();
  stream.end();
  return stream;
}
