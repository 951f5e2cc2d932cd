import { type JsonValue, ToolError, ToolOutput, toolTraits } from "@toolkit/core";
import type { DispatchCall, Middleware } from "@toolkit/registry";
import { APPROVED, type ApprovalDecision, isInterrupt } from "./interrupt.js";
import type { PendingCall, PendingTurn } from "./run-state.js";

/** Which calls pause for approval under `approvals: "interrupt"`. */
export type NeedsApproval = (call: DispatchCall) => boolean;

/** Options of the ledger layer. */
export interface DurableCallsOptions {
  /** The reply being answered (its calls are updated in place). */
  pending: () => PendingTurn | null;
  decisions: ReadonlyMap<string, ApprovalDecision>;
  /** True with `approvals: "interrupt"`: calls needing approval pause, and a layer's interrupt is honoured. */
  interrupts: boolean;
  needsApproval: NeedsApproval;
  /** Saves the state (after a call starts and after it ends). */
  persist: () => Promise<void>;
}

/** The default: a call needs approval unless its tool is read-only. */
export const notReadOnly: NeedsApproval = (call) =>
  call.tool !== undefined && !toolTraits(call.tool).isReadOnly;

/**
 * The loop's outermost layer for durable runs: marks each call running
 * (saved before the tool starts, so a crash is noticed) and done with its
 * output; applies the user's decision (a rejected call is answered, not
 * run); and pauses a call that needs approval, or that an inner layer
 * interrupted, instead of running it.
 */
export function durableCalls(options: DurableCallsOptions): Middleware {
  const { decisions, interrupts, needsApproval, persist } = options;
  return async function durableCalls(call, next) {
    const entry = options.pending()?.calls.find((c) => c.id === call.id);
    if (!entry) return next(call);
    const real = call.rejection === undefined && call.tool !== undefined;
    const decision = decisions.get(call.id);
    if (real && decision === "reject") {
      const output = ToolError.permission(`the user rejected this call to '${call.name}'.`).toOutput();
      return done(entry, output, 0);
    }
    if (real && decision === undefined && interrupts && needsApproval(call)) return pause(entry);
    entry.status = "running";
    await persist();
    const start = performance.now();
    let output: ToolOutput;
    try {
      output = await next(decision === undefined || !real ? call : approved(call));
    } catch (error) {
      if (isInterrupt(error)) {
        if (interrupts) return pause(entry);
        output = ToolError.execution(
          `a layer asked to pause at '${call.name}' for approval, but the loop was not created with \`approvals: "interrupt"\``,
        ).toOutput();
      } else {
        throw error;
      }
    }
    return done(entry, output, performance.now() - start);
  };

  async function pause(entry: PendingCall): Promise<ToolOutput> {
    entry.status = "awaiting-approval";
    return ToolOutput.errorText("awaiting approval");
  }

  async function done(entry: PendingCall, output: ToolOutput, durationMs: number): Promise<ToolOutput> {
    settleCall(entry, output, durationMs);
    await persist();
    return output;
  }
}

/** Marks a call done with its answer, as the model will see it. */
export function settleCall(entry: PendingCall, output: ToolOutput, durationMs = 0): void {
  entry.status = "done";
  entry.result = {
    parts: output.parts.map((p) => ({ ...p })),
    isError: output.isError,
    retention: output.retention,
    durationMs,
  };
}

function approved(call: DispatchCall): DispatchCall {
  return Object.assign({ ...call }, { [APPROVED]: true });
}

/** The input a call runs with after the user's decision (an edit replaces it). */
export function decidedInput(entry: PendingCall, decision: ApprovalDecision | undefined): JsonValue {
  if (typeof decision === "object" && decision !== null) return toJson(entry.id, decision.edit);
  return entry.input;
}

function toJson(callId: string, value: unknown): JsonValue {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    throw new TypeError(`BareLoop.resume: \`decisions.${callId}.edit\` must be a JSON value`);
  }
  return JSON.parse(text) as JsonValue;
}
