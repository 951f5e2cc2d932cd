import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canonicalJson, createToolContext, type ToolContext } from "@toolkit/core";
import type { WireContext } from "../wire/wire-call.js";

/** The contexts a worker keeps for the sessions whose calls it runs. */
export interface SessionContexts {
  /**
   * Runs `fn` with the session's context (created on first use) carrying
   * `signal`: calls of one session share its extensions (the Shell's jobs,
   * spill files, temp folder), as they would in one process.
   */
  use<T>(wire: WireContext, signal: AbortSignal, fn: (ctx: ToolContext) => Promise<T>): Promise<T>;
  /** Disposes the session's contexts once their running calls are done. */
  end(sessionId: string): Promise<void>;
  /** Disposes every context (after the running calls); later `use` calls get fresh ones. */
  close(): Promise<void>;
  /** How many contexts are kept now. */
  readonly size: number;
}

interface Entry {
  readonly key: string;
  readonly sessionId: string;
  readonly ctx: ToolContext;
  running: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Keeps one context per session (and cwd, interactivity and user context),
 * with a temp folder of its own (`toolkit-<sessionId>-<8 hex>` in the OS temp
 * directory), and disposes it — killing its background jobs, removing its
 * spill files and its temp folder with whatever tools left there — when the host ends the session, when no call of it has run
 * for `idleMs`, or when the worker closes. A context is never disposed under
 * a running call: disposal waits until the last one returns.
 */
export function sessionContexts({
  idleMs,
  onError,
}: {
  idleMs: number;
  onError: (sessionId: string, error: unknown) => void;
}): SessionContexts {
  const entries = new Map<string, Entry>();
  const drained = new Map<Entry, Array<() => void>>();

  const disposeEntry = async (entry: Entry): Promise<void> => {
    if (entries.get(entry.key) === entry) entries.delete(entry.key);
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.running > 0) {
      await new Promise<void>((resolve) => {
        const list = drained.get(entry) ?? [];
        list.push(resolve);
        drained.set(entry, list);
      });
    }
    try {
      await entry.ctx.dispose();
    } catch (error) {
      onError(entry.sessionId, error);
    }
    // The folder is this context's alone (named for its key): what tools left in it goes too.
    await rm(entry.ctx.tempDir, { recursive: true, force: true }).catch((error: unknown) =>
      onError(entry.sessionId, error),
    );
  };
  const arm = (entry: Entry): void => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void disposeEntry(entry), idleMs);
    entry.timer.unref();
  };

  return {
    async use(wire, signal, fn) {
      const { cwd, sessionId, isNonInteractive, userContext } = wire;
      const key = canonicalJson({ cwd, sessionId, isNonInteractive, userContext: { ...userContext } });
      let entry = entries.get(key);
      if (!entry) {
        entry = {
          key,
          sessionId,
          ctx: createToolContext({
            cwd,
            sessionId,
            isNonInteractive,
            userContext: { ...userContext },
            tempDir: join(
              tmpdir(),
              `toolkit-${sessionId}-${createHash("sha256").update(key).digest("hex").slice(0, 8)}`,
            ),
          }),
          running: 0,
          timer: undefined,
        };
        entries.set(key, entry);
      }
      const mine = entry;
      if (mine.timer) clearTimeout(mine.timer);
      mine.timer = undefined;
      mine.running += 1;
      try {
        return await fn(mine.ctx.withSignal(signal));
      } finally {
        mine.running -= 1;
        if (mine.running === 0) {
          const waiting = drained.get(mine);
          if (waiting) {
            drained.delete(mine);
            for (const resolve of waiting) resolve();
          } else if (entries.get(mine.key) === mine) {
            arm(mine);
          }
        }
      }
    },
    async end(sessionId) {
      await Promise.all([...entries.values()].filter((e) => e.sessionId === sessionId).map(disposeEntry));
    },
    async close() {
      await Promise.all([...entries.values()].map(disposeEntry));
    },
    get size() {
      return entries.size;
    },
  };
}
