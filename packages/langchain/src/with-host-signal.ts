import type { ToolContext } from "@toolkit/core";

/**
 * The session context for one host call: its signal fires when either the
 * session or the host cancels, so cancellation reaches the tool.
 */
export function withHostSignal(ctx: ToolContext, signal: AbortSignal | undefined): ToolContext {
  if (!signal || signal === ctx.signal) return ctx;
  return ctx.withSignal(AbortSignal.any([ctx.signal, signal]));
}
