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
 * The wait before the attempt after `attempt` (attempts count from 1):
 * `baseMs * factor^(attempt - 1)`, capped at `capMs`. With `jitter` (a number
 * in [0, 1), e.g. `Math.random()`), "full jitter": a uniform wait in
 * [0, that cap), which spreads retries of many clients apart.
 */
export function backoffMs(policy: BackoffPolicy, attempt: number, jitter?: number): number {
  const exact = Math.min(policy.capMs, policy.baseMs * policy.factor ** Math.max(0, attempt - 1));
  return jitter === undefined ? exact : Math.floor(exact * jitter);
}
