// Retry helpers the root of @toolkit/web-search exported before one backoff and one
// Retry-After reading moved into the private @toolkit/internal. Kept as deprecated
// aliases until 0.3; the package's own retries no longer use them.
import { backoffMs, parseRetryAfterMs as parse } from "@toolkit/internal";
import { DEFAULT_SEARCH_RETRY, type ResolvedRetry, type SearchRetryOptions } from "./retry-options.js";

/** @deprecated use DEFAULT_SEARCH_RETRY; to be removed in 0.3 */
export const DEFAULT_RETRY: ResolvedRetry = DEFAULT_SEARCH_RETRY;
/** @deprecated use SearchRetryOptions; to be removed in 0.3 */
export type RetryOptions = SearchRetryOptions;

/**
 * The wait after a failed attempt: exponential, capped, with "equal jitter".
 * @deprecated internal to @toolkit/web-search; to be removed in 0.3
 */
export function backoffDelayMs(input: {
  attempt: number;
  baseMs: number;
  factor: number;
  capMs: number;
  random: number;
}): number {
  return backoffMs(input, input.attempt, input.random);
}

/**
 * The wait a `Retry-After` header asks for, in ms (delay seconds, decimals
 * included, or an HTTP date), or `undefined` when absent or unreadable.
 * @deprecated internal to @toolkit/web-search; to be removed in 0.3
 */
export const parseRetryAfterMs: (value: string | null | undefined, nowMs: number) => number | undefined =
  parse;
