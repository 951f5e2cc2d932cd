import { rm } from "node:fs/promises";
import { createToolContext, type ToolContext } from "@toolkit/core";
import { joinSignals } from "./join-signals.js";

/** Makes the tool context of one MCP session. */
export type SessionContextFactory = (session: { sessionId: string }) => ToolContext;

/** A session's own context, and how to end it. */
export interface OwnedContext {
  readonly ctx: ToolContext;
  /** Cancels the session's calls, disposes the context (jobs, guards) and removes its temp dir. Idempotent. */
  dispose(): Promise<void>;
}

/**
 * The default per-session context: the host context's `cwd`,
 * `isNonInteractive` and `userContext`, with the MCP session's id (so its own
 * temp dir) and its own extensions (background jobs, stale guard), and a
 * signal that fires when the host's does or the session ends.
 */
export function defaultSessionContext(base: ToolContext): SessionContextFactory {
  return ({ sessionId }) =>
    createToolContext({
      cwd: base.cwd,
      sessionId,
      // A guess from the host's stdin stays a guess in each session's context.
      ...(base.isNonInteractiveGuessed === true ? {} : { isNonInteractive: base.isNonInteractive }),
      userContext: { ...base.userContext },
    });
}

/** Builds a session's context with `factory` and ties its signal to the host's and the session's end. */
export function ownContext(
  factory: SessionContextFactory,
  sessionId: string,
  hostSignal: AbortSignal,
): OwnedContext {
  const made = factory({ sessionId });
  const ended = new AbortController();
  const joined = joinSignals([hostSignal, made.signal, ended.signal]);
  const ctx = made.withSignal(joined.signal);
  let disposing: Promise<void> | undefined;
  return {
    ctx,
    dispose() {
      disposing ??= (async () => {
        ended.abort(new Error("the MCP session ended"));
        joined.release();
        try {
          await made.dispose();
        } finally {
          await rm(made.tempDir, { recursive: true, force: true });
        }
      })();
      return disposing;
    },
  };
}
