import type { Tool, ToolContext, ToolError, ToolOutput } from "@toolkit/core";

/** One call as it travels through the middleware pipeline. */
export interface DispatchCall {
  /** The provider's call id. */
  readonly id: string;
  /** The tool name the model asked for. */
  readonly name: string;
  /** The tool fetched when the call started; undefined for an unknown name. */
  readonly tool: Tool | undefined;
  /** The input, validated against the schema the model was shown (strict nulls mapped back to absent). */
  readonly input: unknown;
  /** The loop's turn number (0 outside a loop). */
  readonly turn: number;
  /** The session context; its signal fires on cancellation. */
  readonly ctx: ToolContext;
  /**
   * Set when the call will not run: an unknown name (`NotFound`), an
   * unadvertised name, or input that failed validation (`InvalidInput`).
   * The pipeline's end answers it with this error; layers that act on real
   * calls (permissions, approvals, memoize, retry) pass such calls through.
   */
  readonly rejection: ToolError | undefined;
}

/** The rest of the pipeline, as seen by one layer. */
export type Next = (call: DispatchCall) => Promise<ToolOutput>;

/**
 * A layer around tool calls. The first middleware in a list is the
 * outermost. Write it as a named async function for readable stack traces;
 * calling `next` twice is refused.
 *
 * @example
 * const logCalls: Middleware = async function logCalls(call, next) {
 *   const out = await next(call);
 *   console.log(call.name, out.isError);
 *   return out;
 * };
 */
export type Middleware = (call: DispatchCall, next: Next) => Promise<ToolOutput>;

/** Thrown when a middleware calls `next()` a second time for one call. */
export class MiddlewareError extends Error {
  override readonly name = "MiddlewareError";
}

/**
 * Composes layers around a terminal handler, first = outermost. Each layer
 * may call `next` once per call it receives.
 */
export function composeMiddleware(middleware: readonly Middleware[], terminal: Next): Next {
  let next = terminal;
  for (let i = middleware.length - 1; i >= 0; i--) {
    const layer = middleware[i] as Middleware;
    const inner = next;
    next = (call) => {
      let called = false;
      return layer(call, (c) => {
        if (called) {
          return Promise.reject(
            new MiddlewareError(
              `middleware '${layer.name || `#${i}`}' called next() twice for call ${call.id}`,
            ),
          );
        }
        called = true;
        return inner(c);
      });
    };
  }
  return next;
}
