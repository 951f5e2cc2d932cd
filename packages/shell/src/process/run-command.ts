import { finished } from "node:stream/promises";
import type { Readable, Writable } from "node:stream";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { ShellBackend, ShellProcess, SpawnRequest } from "./shell-backend.js";
import { terminateGroup } from "./terminate-group.js";

/** Options for `runCommand`. */
export interface RunCommandOptions {
  backend: ShellBackend;
  request: SpawnRequest;
  /** Where stdout goes (ended when the stream ends). */
  stdout: Writable;
  /** Where stderr goes (ended when the stream ends). */
  stderr: Writable;
  /** Kill the group after this long; undefined: no limit. */
  timeoutMs?: number | undefined;
  /** Cancels the command (the group is killed). */
  signal?: AbortSignal | undefined;
  /** Between SIGTERM and SIGKILL. @default 2000 */
  killGraceMs?: number;
  /**
   * Silence, with an output pipe still open after every known process of the
   * command is gone, before the pipe's holders are looked for (and, if none
   * can be found, the pipe is closed). @default 1000
   */
  drainMs?: number;
  /** Also sees every chunk of output as it arrives (live progress); absent: nothing extra runs. */
  onOutput?: ((stream: "stdout" | "stderr", chunk: Buffer) => void) | undefined;
  /** Gets the process as soon as it is started (a job keeps its stdin). */
  onSpawn?: ((proc: ShellProcess) => void) | undefined;
}

/** How a command ended. */
export interface RunOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  readonly durationMs: number;
  readonly spawnError?: string;
}

/**
 * Runs one command to its end: streams its output into the sinks, kills the
 * whole process group on timeout or cancellation (SIGTERM, grace, SIGKILL),
 * and after the main process exits ends whatever it left running in the
 * background, so that no process of the command outlives the call.
 */
export async function runCommand(options: RunCommandOptions): Promise<RunOutcome> {
  const { backend, request, timeoutMs, signal, killGraceMs = 2000, drainMs = 1000 } = options;
  const start = performance.now();
  const proc = backend.spawn(request);
  options.onSpawn?.(proc);
  const output = [pipeInto(proc.stdout, options.stdout), pipeInto(proc.stderr, options.stderr)];
  const { onOutput } = options;
  if (onOutput) {
    proc.stdout.on("data", (chunk: Buffer) => onOutput("stdout", chunk));
    proc.stderr.on("data", (chunk: Buffer) => onOutput("stderr", chunk));
  }
  let stopped: "timeout" | "cancelled" | undefined;
  let killing: Promise<void> | undefined;
  const stop = (why: "timeout" | "cancelled") => {
    stopped ??= why;
    killing ??= terminateGroup(proc, { graceMs: killGraceMs });
  };
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => stop("timeout"), timeoutMs);
  const onAbort = () => stop("cancelled");
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const status = await proc.exited;
    // The command has ended: a timer or an abort from now on must not relabel it.
    if (timer) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    await (killing ?? Promise.resolve());
    await terminateGroup(proc, { graceMs: killGraceMs });
    await drain(
      proc,
      [
        [proc.stdout, options.stdout],
        [proc.stderr, options.stderr],
      ],
      output,
      { drainMs, killGraceMs },
    );
    return {
      exitCode: status.exitCode,
      signal: status.signal,
      timedOut: stopped === "timeout",
      cancelled: stopped === "cancelled",
      durationMs: Math.round(performance.now() - start),
      ...(status.spawnError === undefined ? {} : { spawnError: status.spawnError }),
    };
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Pipes a stream into a sink and settles when the sink has finished. */
function pipeInto(source: Readable, sink: Writable): Promise<void> {
  source.pipe(sink);
  return finished(sink).catch(() => undefined);
}

/**
 * Waits until both output streams have closed: a command is finished only
 * once its last byte is captured. While bytes keep arriving it keeps
 * waiting. After `drainMs` of silence with a pipe still open, whoever holds
 * the pipe is part of the command that escaped tracking: it is adopted and
 * killed, and the wait goes on. Only when no holder can be found (or after
 * the holders were killed and the pipe still stays open) are the pipes
 * closed by hand. Each check first lets pending reads run, so a stalled
 * event loop cannot make a timer win over output that already arrived.
 */
async function drain(
  proc: ShellProcess,
  pairs: ReadonlyArray<readonly [Readable, Writable]>,
  output: Promise<void>[],
  { drainMs, killGraceMs }: { drainMs: number; killGraceMs: number },
): Promise<void> {
  let done = false;
  const all = Promise.all(output).then(() => {
    done = true;
  });
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
  };
  for (const [source] of pairs) source.on("data", count);
  try {
    let seen = bytes;
    let adopted = false;
    while (!done) {
      await Promise.race([all, sleep(drainMs, undefined, { ref: false })]);
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (done) return;
      if (bytes !== seen) {
        seen = bytes;
        continue;
      }
      if (!adopted && (proc.adoptPipeHolders?.() ?? 0) > 0) {
        adopted = true;
        await terminateGroup(proc, { graceMs: killGraceMs });
        continue;
      }
      break;
    }
    if (done) return;
    for (const [source, sink] of pairs) {
      source.unpipe(sink);
      source.destroy();
      if (!sink.writableEnded) sink.end();
    }
    await all;
  } finally {
    for (const [source] of pairs) source.off("data", count);
  }
}
