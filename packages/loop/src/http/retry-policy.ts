import { backoffMs as backoff } from "@toolkit/internal";

/** How a client retries 429, 5xx, timeouts and network errors. */
export interface RetryPolicy {
  /** Total attempts, the first included. @default 3 */
  attempts: number;
  /** The first backoff wait. @default 500 */
  baseMs: number;
  /** Each wait is the previous times this. @default 2 */
  factor: number;
  /** The longest backoff wait (a `Retry-After` may ask for up to `maxRetryAfterMs`). @default 8000 */
  capMs: number;
  /** The longest `Retry-After` honoured; longer asks fail at once. @default 60000 */
  maxRetryAfterMs: number;
}

/** The default retry policy of the model clients. */
export const DEFAULT_MODEL_RETRY: RetryPolicy = Object.freeze({
  attempts: 3,
  baseMs: 500,
  factor: 2,
  capMs: 8000,
  maxRetryAfterMs: 60_000,
});

/** Merges a partial policy over the default; throws a TypeError naming a bad field. */
export function resolveRetry(owner: string, retry: Partial<RetryPolicy> = {}): RetryPolicy {
  const out = { ...DEFAULT_MODEL_RETRY, ...retry };
  for (const [key, value] of Object.entries(out)) {
    const min = key === "attempts" || key === "factor" ? 1 : 0;
    if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
      throw new TypeError(`${owner}: \`retry.${key}\` must be a number >= ${min}, got ${String(value)}`);
    }
  }
  if (!Number.isInteger(out.attempts)) {
    throw new TypeError(`${owner}: \`retry.attempts\` must be an integer, got ${out.attempts}`);
  }
  return Object.freeze(out);
}

/**
 * The backoff wait before attempt `attempt + 1` (attempt counts from 1),
 * without jitter: a model client's retries are few and its callers are not a
 * crowd, and a fixed wait keeps a run reproducible.
 */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return backoff(policy, attempt);
}

/** @deprecated use DEFAULT_MODEL_RETRY; to be removed in 0.3 */
export const DEFAULT_RETRY: RetryPolicy = DEFAULT_MODEL_RETRY;
