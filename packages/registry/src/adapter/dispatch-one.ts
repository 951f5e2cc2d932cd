import type { ToolContext, ToolOutput, ToolProgressEvent } from "@toolkit/core";
import { type DispatchRegistry, dispatch, type ToolCall } from "../dispatch/dispatch.js";
import type { Middleware } from "../dispatch/middleware.js";
import { createSignalJoiner } from "./signal-joiner.js";

/**
 * Runs one host call through dispatch under the host's abort signal; with
 * `onProgress`, the call's progress goes there (tagged, rate-limited, all of
 * it before the returned promise settles).
 */
export type DispatchOne = (
  call: ToolCall,
  signal: AbortSignal | undefined,
  onProgress?: (event: ToolProgressEvent) => void,
) => Promise<ToolOutput>;

/** What every call of one adapted tool set shares. */
export interface DispatchOneOptions {
  readonly middleware: readonly Middleware[];
  readonly ctx: ToolContext;
  /** The names shown to the host; any other name is refused by dispatch. */
  readonly advertised: readonly string[];
  /** The model was shown `strictSchema()` of the input schemas. */
  readonly strict: boolean;
}

/**
 * The one path every adapted call takes: `dispatch` with the middleware, the
 * advertised names, strict mode, and the session context joined with the
 * host's signal (released when the call ends).
 */
export function createDispatchOne(registry: DispatchRegistry, options: DispatchOneOptions): DispatchOne {
  const { middleware, ctx, advertised, strict } = options;
  const joinSignal = createSignalJoiner(ctx);
  return async (call, signal, onProgress) => {
    const joined = joinSignal(signal);
    try {
      const [result] = await dispatch(registry, [call], {
        middleware,
        ctx: joined.ctx,
        advertised,
        strict,
        ...(onProgress === undefined ? {} : { onProgress }),
      });
      if (!result) throw new Error(`dispatch returned no result for call ${call.id}`);
      return result.output;
    } finally {
      joined.release();
    }
  };
}
