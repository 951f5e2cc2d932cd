import { spawn } from "node:child_process";

/** How a hook process ended. */
export interface ProcessOutcome {
  /** The exit code; null when the process was killed or never started. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the hook did not finish by itself: it timed out, was cancelled, died of a signal or could not start. */
  readonly failure: string | undefined;
  readonly timedOut: boolean;
}

/** Options for `runCommandHook`. */
export interface RunCommandOptions {
  readonly command: string;
  /** The JSON written to stdin. */
  readonly stdin: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  /** Cancels the hook (its process group is killed). */
  readonly signal?: AbortSignal;
  /** Most bytes kept of stdout and of stderr each. @default 1 MiB */
  readonly maxBytes?: number;
}

/**
 * Runs `bash -c command` in its own process group, with `stdin` on its
 * standard input. On exit, timeout or cancellation the whole group is
 * killed, so a hook leaves no process behind (a child it sent to the
 * background dies with it). Never rejects.
 */
export function runCommandHook(options: RunCommandOptions): Promise<ProcessOutcome> {
  const { command, stdin, cwd, env, timeoutMs, signal, maxBytes = 1 << 20 } = options;
  return new Promise((resolve) => {
    let timedOut = false;
    let failure: string | undefined;
    const out = new Capped(maxBytes);
    const err = new Capped(maxBytes);
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn("bash", ["-c", command], { cwd, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    } catch (error) {
      resolve({
        exitCode: null,
        stdout: "",
        stderr: "",
        failure: `could not start: ${String(error)}`,
        timedOut,
      });
      return;
    }
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      failure = `timed out after ${timeoutMs / 1000}s`;
      killGroup();
    }, timeoutMs);
    const onAbort = () => {
      failure ??= "cancelled";
      killGroup();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    // A hook that never reads stdin closes the pipe early: that is its right, not a failure.
    child.stdin?.on("error", () => {});
    child.stdin?.end(stdin);
    child.on("error", (error) => {
      failure ??= `could not start: ${error.message}`;
    });
    // Kill the group at exit: a background child holding the pipes would otherwise keep `close` away.
    child.on("exit", killGroup);
    child.on("close", (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (failure === undefined && code === null) failure = `killed by ${killedBy ?? "a signal"}`;
      resolve({
        exitCode: failure === undefined ? code : null,
        stdout: out.text(),
        stderr: err.text(),
        failure,
        timedOut,
      });
    });
  });
}

/** Bytes kept up to a cap; the rest is counted, not stored. */
class Capped {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  #dropped = 0;
  constructor(readonly max: number) {}
  push(chunk: Buffer): void {
    const room = this.max - this.#size;
    if (room <= 0) {
      this.#dropped += chunk.length;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#size += kept.length;
    this.#dropped += chunk.length - kept.length;
  }
  text(): string {
    const text = Buffer.concat(this.#chunks).toString("utf8");
    return this.#dropped > 0 ? `${text}\n[${this.#dropped} more bytes dropped]` : text;
  }
}
