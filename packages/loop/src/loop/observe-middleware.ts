import { performance } from "node:perf_hooks";
import { createProgressChannel, ToolError, ToolOutput, toolTraits } from "@toolkit/core";
import type { Middleware } from "@toolkit/registry";
import { isInterrupt } from "../durable/interrupt.js";
import { type LoopObserver, notify } from "./observer.js";

/**
 * The loop's outermost layer: tells observers when each call starts and
 * ends, and records it for the result. A call that an inner layer fails by
 * throwing (a timeout, a denial, a tool's exception) still gets its
 * `onToolPost`, with the soft failure dispatch would have made of it.
 * When an observer has `onToolProgress`, the call's progress goes through a
 * rate-limited channel of its own, closed (its last update delivered) before
 * `onToolPost`, and on to the call's context as before.
 */
export function observeCalls(observers: readonly LoopObserver[]): Middleware {
  const listens = observers.some((o) => typeof o.onToolProgress === "function");
  return async function observeCalls(call, next) {
    const base = { turn: call.turn, id: call.id, name: call.name, input: call.input, tool: call.tool };
    notify(observers, "onToolPre", base);
    const start = performance.now();
    const recordsTrajectory = call.tool ? toolTraits(call.tool).recordsTrajectory : true;
    const { turn, id, name, tool, ctx } = call;
    const channel = listens
      ? createProgressChannel((update) => {
          notify(observers, "onToolProgress", { turn, id, name, tool, update, recordsTrajectory });
          ctx.progress(update);
        })
      : undefined;
    let output: ToolOutput;
    try {
      output = await next(channel ? { ...call, ctx: ctx.withProgress(channel.report) } : call);
    } catch (error) {
      // A pause for approval is not an answer: the durable layer outside takes it.
      if (isInterrupt(error)) throw error;
      output = softFailure(error, call);
    } finally {
      channel?.close();
    }
    const durationMs = performance.now() - start;
    notify(observers, "onToolPost", { ...base, output, durationMs, recordsTrajectory });
    return output;
  };
}

/** The answer dispatch gives a call whose pipeline threw: a ToolError's output, else `Tool 'x' threw: …`. */
function softFailure(error: unknown, call: { name: string; ctx: { signal: AbortSignal } }): ToolOutput {
  if (ToolError.is(error)) return error.toOutput();
  if (call.ctx.signal.aborted && error instanceof Error && error.name === "AbortError") {
    return ToolError.cancelled().toOutput();
  }
  return ToolOutput.errorText(
    `Tool '${call.name}' threw: ${error instanceof Error ? error.message : String(error)}`,
  );
}
