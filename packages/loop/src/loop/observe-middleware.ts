import { performance } from "node:perf_hooks";
import { toolTraits } from "@toolkit/core";
import type { Middleware } from "@toolkit/registry";
import { type LoopObserver, notify } from "./observer.js";

/**
 * The loop's outermost layer: tells observers when each call starts and
 * ends, and records it for the result.
 */
export function observeCalls(observers: readonly LoopObserver[]): Middleware {
  return async function observeCalls(call, next) {
    const base = { turn: call.turn, id: call.id, name: call.name, input: call.input, tool: call.tool };
    notify(observers, "onToolPre", base);
    const start = performance.now();
    const output = await next(call);
    const durationMs = performance.now() - start;
    const recordsTrajectory = call.tool ? toolTraits(call.tool).recordsTrajectory : true;
    notify(observers, "onToolPost", { ...base, output, durationMs, recordsTrajectory });
    return output;
  };
}
