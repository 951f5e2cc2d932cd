import { ToolOutput } from "@toolkit/core";
import type { Captures } from "../capture/create-captures.js";
import { joinStreams } from "../capture/join-streams.js";
import { renderCapture } from "../capture/render-capture.js";
import type { RunOutcome } from "../process/run-command.js";

/** What the Shell reply is built from. */
export interface FormatReplyOptions {
  captures: Captures;
  outcome: RunOutcome;
  /** The timeout the command ran with, for the timeout note. */
  timeoutS: number;
  /** The largest timeout the model may ask for. */
  maxTimeoutS: number;
  /** Lines added after the status line (the sandbox's), given stderr as shown and whether the command failed. */
  footer?: (stderr: string, failed: boolean) => ReadonlyArray<string | undefined>;
}

/**
 * The Shell reply: stdout, then `stderr:` and stderr when not empty, then a
 * status line `[exit C, T ms]` (or the timeout, cancellation or signal). A
 * nonzero exit, a timeout, a cancellation or a signal is a soft failure.
 */
export function formatReply({
  captures,
  outcome,
  timeoutS,
  maxTimeoutS,
  footer,
}: FormatReplyOptions): ToolOutput {
  const stdout = renderCapture({
    slice: captures.stdout.since(0),
    label: "stdout",
    spill: captures.stdout.spill,
  });
  const stderr = renderCapture({
    slice: captures.stderr.since(0),
    label: "stderr",
    spill: captures.stderr.spill,
  });
  const failed = outcome.exitCode !== 0 || outcome.timedOut || outcome.cancelled;
  const extra = (footer?.(stderr, failed) ?? []).filter((line) => line !== undefined);
  const text = [joinStreams({ stdout, stderr }) + statusLine(outcome, timeoutS, maxTimeoutS), ...extra].join(
    "\n",
  );
  return failed ? ToolOutput.errorText(text) : ToolOutput.text(text);
}

function statusLine(outcome: RunOutcome, timeoutS: number, maxTimeoutS: number): string {
  const ms = `${outcome.durationMs} ms`;
  if (outcome.timedOut) {
    return (
      `[timed out after ${timeoutS}s and killed with every process it started, ${ms}]\n` +
      `Retry with a larger \`timeout_s\` (at most ${maxTimeoutS}), run it with \`background: true\`, or split the work into smaller steps.`
    );
  }
  if (outcome.cancelled) return `[cancelled and killed with every process it started, ${ms}]`;
  if (outcome.spawnError !== undefined) return `[could not start the shell (${outcome.spawnError}), ${ms}]`;
  if (outcome.exitCode === null) return `[killed by ${outcome.signal ?? "a signal"}, ${ms}]`;
  return `[exit ${outcome.exitCode}, ${ms}]`;
}
