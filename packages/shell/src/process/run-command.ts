import { finished } from "node:stream/promises";
import type { Readable, Writable } from "node:stream";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { ShellBackend, SpawnRequest } from "./shell-backend.js";
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
  /** How long output may keep arriving after the group is gone before the pipes are closed. @default 1000 */
  drainMs?: number;
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
  const output = [pipeInto(proc.stdout, options.stdout), pipeInto(proc.stderr, options.stderr)];
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
      [
        [proc.stdout, options.stdout],
        [proc.stderr, options.stderr],
      ],
      output,
      drainMs,
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
 * Waits for the sinks to finish; a pipe still held open after `drainMs` (by
 * a process that escaped the group) is closed, and its sink ended by hand.
 */
async function drain(
  pairs: ReadonlyArray<readonly [Readable, Writable]>,
  output: Promise<void>[],
  drainMs: number,
): Promise<void> {
  const all = Promise.all(output);
  const late = sleep(drainMs, "late" as const, { ref: false });
  if ((await Promise.race([all, late])) !== "late") return;
  for (const [source, sink] of pairs) {
    source.unpipe(sink);
    source.destroy();
    if (!sink.writableEnded) sink.end();
  }
  await all;
}
