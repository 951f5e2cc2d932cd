import { ToolError, type ToolOutput } from "@toolkit/core";

/** Runs at most `max` tasks per session at once; the rest wait in order. */
export interface SessionLimiter {
  run(sessionId: string, signal: AbortSignal, task: () => Promise<ToolOutput>): Promise<ToolOutput>;
}

/** A limiter; `undefined` means no limit. Throws a TypeError for a bad `maxPerSession`. */
export function createSessionLimiter(max: number | undefined, fn: string): SessionLimiter {
  if (max === undefined) return { run: (_s, _signal, task) => task() };
  if (!Number.isInteger(max) || max < 1) {
    throw new TypeError(`${fn}: \`maxPerSession\` must be a positive integer, got ${JSON.stringify(max)}`);
  }
  const sessions = new Map<string, { active: number; waiting: Array<() => void> }>();
  return {
    async run(sessionId, signal, task) {
      if (signal.aborted) return ToolError.cancelled().toOutput();
      let s = sessions.get(sessionId);
      if (!s) {
        s = { active: 0, waiting: [] };
        sessions.set(sessionId, s);
      }
      const state = s;
      if (state.active >= max) {
        const admitted = await new Promise<boolean>((resolve) => {
          const go = (): void => {
            signal.removeEventListener("abort", stop);
            resolve(true);
          };
          const stop = (): void => {
            const i = state.waiting.indexOf(go);
            if (i >= 0) state.waiting.splice(i, 1);
            resolve(false);
          };
          state.waiting.push(go);
          signal.addEventListener("abort", stop, { once: true });
        });
        if (!admitted) return ToolError.cancelled().toOutput();
      } else {
        state.active += 1;
      }
      try {
        return await task();
      } finally {
        const nextUp = state.waiting.shift();
        if (nextUp) nextUp();
        else {
          state.active -= 1;
          if (state.active === 0) sessions.delete(sessionId);
        }
      }
    },
  };
}
