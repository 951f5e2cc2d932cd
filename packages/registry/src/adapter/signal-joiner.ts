import type { ToolContext } from "@toolkit/core";

/** A session context joined with the host's signal for one call. */
export interface JoinedContext {
  /** The context the call runs with: its signal fires when the session or the host cancels. */
  readonly ctx: ToolContext;
  /** Ends this call's use of the context; the last call to end detaches the listeners. */
  release(): void;
}

/** Joins a host's abort signal into the session context, per call. */
export type SignalJoiner = (signal: AbortSignal | undefined) => JoinedContext;

interface Entry {
  readonly ctx: ToolContext;
  users: number;
  readonly detach: () => void;
}

const NOTHING_TO_RELEASE = () => undefined;

/**
 * Makes the per-call join of a host's abort signal into `ctx`, so
 * cancellation from either side reaches the tool. Calls running at the same
 * time under one host signal (a batch of parallel tool calls) share one
 * joined context; the listeners are removed when the last of them ends, so
 * a long session's signal keeps none.
 */
export function createSignalJoiner(ctx: ToolContext): SignalJoiner {
  const session = ctx.signal;
  const live = new WeakMap<AbortSignal, Entry>();
  return (signal) => {
    if (!signal || signal === session || session.aborted) return { ctx, release: NOTHING_TO_RELEASE };
    if (signal.aborted) return { ctx: ctx.withSignal(signal), release: NOTHING_TO_RELEASE };
    let entry = live.get(signal);
    if (!entry) {
      entry = join(ctx, session, signal);
      live.set(signal, entry);
    }
    entry.users++;
    const used = entry;
    let released = false;
    return {
      ctx: used.ctx,
      release() {
        if (released) return;
        released = true;
        if (--used.users > 0) return;
        used.detach();
        if (live.get(signal) === used) live.delete(signal);
      },
    };
  };
}

function join(ctx: ToolContext, session: AbortSignal, host: AbortSignal): Entry {
  const controller = new AbortController();
  const fromSession = () => controller.abort(session.reason);
  const fromHost = () => controller.abort(host.reason);
  session.addEventListener("abort", fromSession, { once: true });
  host.addEventListener("abort", fromHost, { once: true });
  return {
    ctx: ctx.withSignal(controller.signal),
    users: 0,
    detach() {
      session.removeEventListener("abort", fromSession);
      host.removeEventListener("abort", fromHost);
    },
  };
}
