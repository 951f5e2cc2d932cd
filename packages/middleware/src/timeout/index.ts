import { ToolError, type ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption, positiveNumber } from "../shared/options.js";
import { isRealCall } from "../shared/real-call.js";

/** Options for `timeout()`. */
export interface TimeoutOptions {
  /** Seconds a call may run before it is answered `Tool 'x' timed out after Ns`. */
  seconds: number;
  /** Per-tool overrides in seconds, keyed by tool name, e.g. `{ Shell: 600 }`. @default {} */
  perTool?: Readonly<Record<string, number>>;
}

/**
 * Bounds how long a call may run. When the time is up the call is answered
 * with the soft `Timeout` error `Tool 'x' timed out after Ns` and the signal
 * the tool sees (`ctx.signal`, a child of the outer one) is aborted with that
 * error as its reason, so the tool can stop its work. Cancellation of the
 * outer signal reaches the tool as before. Calls that
 * will not run (`call.rejection` set) pass straight through.
 *
 * @example
 * dispatch(registry, calls, { middleware: [timeout({ seconds: 30, perTool: { Shell: 600 } })] });
 */
export function timeout(options: TimeoutOptions): Middleware {
  const { seconds, perTool = {} } = options ?? ({} as Partial<TimeoutOptions>);
  positiveNumber("timeout", "seconds", seconds);
  if (perTool === null || typeof perTool !== "object" || Array.isArray(perTool)) {
    throw badOption("timeout", "perTool", "an object of tool name to seconds", perTool);
  }
  const limits = new Map<string, number>();
  for (const [name, value] of Object.entries(perTool)) {
    limits.set(name, positiveNumber("timeout", `perTool.${name}`, value));
  }

  return async function timeoutMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (!isRealCall(call)) return next(call);
    const limit = limits.get(call.name) ?? seconds;
    const controller = new AbortController();
    const outer = call.ctx.signal;
    // Forward the outer signal by hand: AbortSignal.any costs ~15 µs of CPU per call on Node 20.
    const forward = () => controller.abort(outer.reason);
    if (outer.aborted) forward();
    else outer.addEventListener("abort", forward, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new ToolError("Timeout", `Tool '${call.name}' timed out after ${limit}s`);
        controller.abort(error);
        reject(error);
      }, limit * 1000);
    });
    // A literal copy: object spread followed by an override is far slower in V8 on this hot path.
    const running = next({
      id: call.id,
      name: call.name,
      tool: call.tool,
      input: call.input,
      turn: call.turn,
      ctx: call.ctx.withSignal(controller.signal),
      rejection: call.rejection,
    });
    // The tool may settle after the deadline; its late result or error is dropped.
    running.catch(() => {});
    try {
      return await Promise.race([running, expired]);
    } finally {
      clearTimeout(timer);
      outer.removeEventListener("abort", forward);
    }
  };
}
