import type { LoopResult } from "@toolkit/loop";
import type { Colors } from "./colors.js";

/** What the closing summary reports. */
export interface SummaryInput {
  result: LoopResult | undefined;
  error: Error | undefined;
  /** The session paused at calls awaiting approval (`--interrupt`). */
  paused?: boolean;
  durationMs: number;
  trajectoryPath: string;
  /** True when the trajectory file is kept at exit. @default true */
  trajectoryKept?: boolean;
  workspace: string;
  /** True when the throwaway workspace was removed at exit. */
  removed?: boolean;
  /** Tokens counted as replies arrived: shown when the run failed before it had a result. */
  usage?: LoopResult["usage"];
  /** Model requests answered: shown when the run failed before it had a result. */
  turns?: number;
  colors: Colors;
}

/** The closing summary: outcome, turns, calls, soft failures, time, and where the trajectory and workspace are. */
export function formatSummary({
  result,
  error,
  paused = false,
  durationMs,
  trajectoryPath,
  workspace,
  removed = false,
  trajectoryKept = true,
  usage,
  turns,
  colors,
}: SummaryInput): string {
  const spent = result?.usage ?? usage;
  const calls = result?.toolCalls ?? [];
  const failures = calls.filter((c) => c.isError).length;
  const outcome = error
    ? colors.red(`failed: ${error.message}`)
    : paused
      ? colors.yellow("paused (--resume continues it)")
      : colors.green("finished");
  const lines = [
    "",
    colors.bold("── summary"),
    `  outcome        ${outcome}`,
    `  turns          ${result?.turns ?? turns ?? "-"}`,
    `  tool calls     ${calls.length}${calls.length ? colors.dim(` (${tally(calls.map((c) => c.name))})`) : ""}`,
    `  soft failures  ${failures}`,
    `  time           ${(durationMs / 1000).toFixed(1)} s`,
    `  tokens         ${spent ? tokens(spent) : "-"}`,
    ...(result && result.finishReason !== "stop" ? [`  finish         ${result.finishReason}`] : []),
    `  workspace      ${workspace}${removed ? colors.dim(" (removed; --keep keeps it)") : ""}`,
    `  trajectory     ${trajectoryPath}${trajectoryKept ? "" : colors.dim(" (removed; --keep-trajectory keeps it)")}`,
    "",
  ];
  return lines.join("\n");
}

function tokens(usage: LoopResult["usage"]): string {
  return (
    `${usage.inputTokens} in (${usage.cachedInputTokens} cached), ` +
    `${usage.outputTokens} out (${usage.reasoningTokens} reasoning)`
  );
}

function tally(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => (c > 1 ? `${n} ×${c}` : n)).join(", ");
}
