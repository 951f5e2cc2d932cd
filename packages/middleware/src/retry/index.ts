import { ToolError, type ToolErrorKind, ToolOutput, toolErrorOf, toolTraits } from "@toolkit/core";
import { backoffMs } from "@toolkit/internal";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption, integerAtLeast, toolNameSet } from "../shared/options.js";
import { isRealCall, type RealCall } from "../shared/real-call.js";

/** A failed attempt, as `retryOn` sees it. */
export type RetryFailure =
  | { readonly type: "thrown"; readonly error: unknown; readonly attempt: number }
  | { readonly type: "output"; readonly output: ToolOutput; readonly attempt: number };

/** Options for `retry()`. */
export interface RetryOptions {
  /** Attempts in all, the first included (1 = never retry). @default 3 */
  attempts?: number;
  /**
   * Decides whether a failed attempt is tried again. Never consulted for
   * `Permission`, `InvalidInput`, `Cancelled` or `NotFound` failures, which
   * are never retried.
   * @default thrown errors other than a ToolError of kind `FileNotFound` or `Json`; never an error output the tool returned
   */
  retryOn?: (failure: RetryFailure) => boolean;
  /** Delay before the first retry, in milliseconds. @default 100 */
  baseMs?: number;
  /** Growth of the delay per retry. @default 2 */
  factor?: number;
  /** Largest delay, in milliseconds. @default 2000 */
  capMs?: number;
  /** Randomise each delay between half and all of it, so parallel retries spread out. @default true */
  jitter?: boolean;
  /** Only these tools are retried. @default every tool whose `isIdempotent` trait is true */
  tools?: readonly string[];
}

const NEVER: ReadonlySet<ToolErrorKind> = new Set(["Permission", "InvalidInput", "Cancelled", "NotFound"]);
const NOT_BY_DEFAULT: ReadonlySet<ToolErrorKind> = new Set(["FileNotFound", "Json"]);

/** The default `retryOn`: thrown errors, except a ToolError of kind `FileNotFound` or `Json`. */
export function defaultRetryOn(failure: RetryFailure): boolean {
  if (failure.type === "output") return false;
  return !(ToolError.is(failure.error) && NOT_BY_DEFAULT.has(failure.error.kind));
}

/**
 * Tries a failed call again, with exponential backoff, for tools whose
 * `toolTraits(tool).isIdempotent` is true (repeating them has the effect of
 * one call). Rejected calls, cancelled calls and `Permission`,
 * `InvalidInput`, `Cancelled` and `NotFound` failures are never retried;
 * the wait stops at once when `ctx.signal` fires. The last failure is what
 * the model sees.
 *
 * The first attempt runs the rest of the pipeline; since a layer may call
 * `next` only once, later attempts call the tool directly. Put `retry` last
 * (innermost): layers before it see the call once, and a `timeout` before it
 * bounds all attempts together. Never put `permissions` or `approvals` after
 * it: a retry would skip them.
 *
 * @example
 * dispatch(registry, calls, { middleware: [retry({ attempts: 3, baseMs: 200 })] });
 */
export function retry(options: RetryOptions = {}): Middleware {
  const {
    attempts = 3,
    retryOn = defaultRetryOn,
    baseMs = 100,
    factor = 2,
    capMs = 2000,
    jitter = true,
    tools,
  } = options;
  integerAtLeast("retry", "attempts", attempts, 1);
  if (typeof retryOn !== "function") throw badOption("retry", "retryOn", "a function", retryOn);
  nonNegative("baseMs", baseMs);
  nonNegative("capMs", capMs);
  if (typeof factor !== "number" || !Number.isFinite(factor) || factor < 1) {
    throw badOption("retry", "factor", "a number >= 1", factor);
  }
  if (typeof jitter !== "boolean") throw badOption("retry", "jitter", "a boolean", jitter);
  const only = toolNameSet("retry", "tools", tools);

  const delayMs = (attempt: number): number =>
    backoffMs({ baseMs, factor, capMs }, attempt, jitter ? Math.random() : undefined);

  return async function retryMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (!isRealCall(call) || attempts === 1) return next(call);
    if (only ? !only.has(call.name) : !toolTraits(call.tool).isIdempotent) return next(call);
    for (let attempt = 1; ; attempt++) {
      let failure: RetryFailure;
      let answer: ToolOutput | undefined;
      try {
        // The composer lets `next` run once per call, so later attempts go straight to the tool.
        const output = attempt === 1 ? await next(call) : await callTool(call);
        if (!output.isError) return output;
        answer = output;
        // A ToolError the tool raised and answered as a soft failure counts as raised, as when tools threw it.
        const raised = toolErrorOf(output);
        failure = raised ? { type: "thrown", error: raised, attempt } : { type: "output", output, attempt };
      } catch (error) {
        failure = { type: "thrown", error, attempt };
      }
      const retryable =
        attempt < attempts &&
        !call.ctx.signal.aborted &&
        !(failure.type === "thrown" && ToolError.is(failure.error) && NEVER.has(failure.error.kind)) &&
        retryOn(failure);
      if (!retryable) {
        if (answer !== undefined) return answer;
        throw failure.type === "thrown" ? failure.error : failure.output;
      }
      await sleep(delayMs(attempt), call.ctx.signal);
    }
  };
}

/** What dispatch's own pipeline end does for a real call. */
async function callTool(call: RealCall): Promise<ToolOutput> {
  if (call.ctx.signal.aborted) throw ToolError.cancelled();
  const output = await call.tool.call(call.input, call.ctx);
  if (!ToolOutput.is(output)) {
    throw new TypeError(`returned ${output === null ? "null" : typeof output} instead of a ToolOutput`);
  }
  return output;
}

function nonNegative(option: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw badOption("retry", option, "a number >= 0", value);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
