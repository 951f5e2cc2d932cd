import type { ToolContext } from "@toolkit/core";
import type { ContentPart } from "../model/messages.js";
import { LoopError } from "./loop-error.js";
import type { LoopGate } from "./loop-gate.js";

/** The task after every gate's `beforeRun`: added context appended, or a `Gate` LoopError for a block. */
export async function gateBeforeRun(
  gates: readonly LoopGate[],
  task: readonly ContentPart[],
  ctx: ToolContext,
): Promise<readonly ContentPart[]> {
  let parts = task;
  for (const gate of gates) {
    const verdict = await gate.beforeRun?.({ task: parts, ctx });
    if (verdict === undefined) continue;
    if ("block" in verdict)
      throw new LoopError("Gate", `The run was blocked before it started: ${verdict.block}`, { turn: 0 });
    parts = [...parts, { type: "text", text: verdict.addContext }];
  }
  return parts;
}

/** The text the first gate that refuses the final answer wants sent next, or undefined to finish. */
export async function gateBeforeFinish(
  gates: readonly LoopGate[],
  event: { text: string; turn: number; continued: number; ctx: ToolContext },
): Promise<string | undefined> {
  for (const gate of gates) {
    const verdict = await gate.beforeFinish?.(event);
    if (verdict !== undefined) return verdict.continueWith;
  }
  return undefined;
}

/** Throws a `Gate` LoopError when a gate ends the run after this turn. */
export async function gateAfterTurn(
  gates: readonly LoopGate[],
  turn: number,
  ctx: ToolContext,
): Promise<void> {
  for (const gate of gates) {
    const verdict = await gate.afterTurn?.({ turn, ctx });
    if (verdict !== undefined) throw new LoopError("Gate", `The run was stopped: ${verdict.stop}`, { turn });
  }
}

/** Awaits every gate's `afterRun`; a failure is reported, never thrown (the run has its outcome already). */
export async function gateAfterRun(
  gates: readonly LoopGate[],
  event: Parameters<NonNullable<LoopGate["afterRun"]>>[0],
): Promise<void> {
  for (const gate of gates) {
    try {
      await gate.afterRun?.(event);
    } catch (error) {
      console.warn(
        `BareLoop: gate afterRun threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
