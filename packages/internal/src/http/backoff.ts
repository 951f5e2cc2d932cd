/** The shape of an exponential backoff. */
export interface BackoffPolicy {
  /** The first wait, in ms. */
  baseMs: number;
  /** Each wait is the previous one times this. */
  factor: number;
  /** The longest wait, in ms. */
  capMs: number;
}

/**
 * The wait after attempt `attempt` failed (attempts count from 1):
 * `baseMs * factor^(attempt - 1)`, capped at `capMs`.
 *
 * With `random` (a number in [0, 1), e.g. `Math.random()`), "equal jitter":
 * a wait between half of that and all of it, rounded to the millisecond, so
 * that many clients retrying at once spread apart while each one's wait still
 * grows. Without it, the exact wait (a reproducible run).
 */
export function backoffMs(policy: BackoffPolicy, attempt: number, random?: number): number {
  const exact = Math.min(policy.capMs, policy.baseMs * policy.factor ** Math.max(0, attempt - 1));
  if (random === undefined) return exact;
  const half = exact / 2;
  return Math.round(half + half * Math.min(Math.max(random, 0), 1));
}
