/** Time, injected so retries and trajectories can be tested without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with an AbortError when the signal fires. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortError(signal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/**
 * A clock that stands still at `startMs` and advances only by what it sleeps
 * (instantly); `sleeps` records each wait.
 */
export function manualClock({ startMs = 0 }: { startMs?: number } = {}): Clock & { sleeps: number[] } {
  let now = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw abortError(signal);
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** An AbortError carrying the signal's reason. */
export function abortError(signal?: AbortSignal): Error {
  const error = new Error("The operation was aborted", { cause: signal?.reason });
  error.name = "AbortError";
  return error;
}
