import type { ToolContext } from "@toolkit/core";
import { type Captures, createCaptures } from "../capture/create-captures.js";
import { type RunOutcome, runCommand } from "../process/run-command.js";
import { outputProgress } from "../progress/output-progress.js";
import type { ShellBackend, SpawnRequest } from "../process/shell-backend.js";
import type { ResolvedShellOptions } from "./shell-options.js";

/** Options for `runCaptured`. */
export interface RunCapturedOptions {
  ctx: ToolContext;
  options: ResolvedShellOptions;
  request: SpawnRequest;
  timeoutMs: number;
  /** Names the spill files. @default "shell" */
  prefix?: string;
  /** The backend of this call (a sandbox). @default options.backend */
  backend?: ShellBackend;
}

/**
 * Runs a foreground command with the tool's backend, output caps and kill
 * grace, stopping it on `ctx.signal`; returns its captured output and outcome.
 */
export async function runCaptured({
  ctx,
  options,
  request,
  timeoutMs,
  prefix = "shell",
  backend = options.backend,
}: RunCapturedOptions): Promise<{ captures: Captures; outcome: RunOutcome }> {
  const captures = createCaptures({
    ctx,
    maxBytes: options.maxOutputBytes,
    maxSpillBytes: options.maxSpillBytes,
    prefix,
  });
  // Only a call someone listens to pays for live output.
  const live = ctx.hasProgressListener
    ? outputProgress({ report: (update) => ctx.progress(update), stalledOutputMs: options.stalledOutputMs })
    : undefined;
  try {
    const outcome = await runCommand({
      backend,
      request,
      ...captures,
      timeoutMs,
      signal: ctx.signal,
      killGraceMs: options.killGraceMs,
      onOutput: live?.push,
    });
    return { captures, outcome };
  } finally {
    live?.end();
  }
}
