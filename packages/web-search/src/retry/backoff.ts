/** Inputs of one backoff computation. */
export interface BackoffInput {
  /** The attempt that just failed, from 1. */
  attempt: number;
  baseMs: number;
  factor: number;
  capMs: number;
  /** A number in [0, 1); `Math.random` in production. */
  random: number;
}

/**
 * The wait before the next attempt: exponential (`baseMs * factor^(attempt-1)`,
 * at most `capMs`) with "equal jitter": between half of that delay and all of it,
 * so concurrent clients spread out while the delay still grows.
 */
export function backoffDelayMs({ attempt, baseMs, factor, capMs, random }: BackoffInput): number {
  const exponential = Math.min(capMs, baseMs * factor ** Math.max(0, attempt - 1));
  const half = exponential / 2;
  return Math.round(half + half * Math.min(Math.max(random, 0), 1));
}
