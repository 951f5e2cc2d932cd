import { SearchConfigError, describeValue } from "../errors/config-error.js";

/** How failed requests are retried. Every field is optional. */
export interface SearchRetryOptions {
  /** Requests sent in all, the first included. @default 3 */
  attempts?: number;
  /** The delay before the first retry, before jitter. @default 200 */
  baseMs?: number;
  /** Each further retry waits this many times longer. @default 2 */
  factor?: number;
  /** No backoff delay is longer than this. @default 5000 */
  capMs?: number;
  /**
   * The longest `Retry-After` wait honoured; a provider asking for more makes
   * the search fail at once, saying how long it asked to wait. @default 30000
   */
  maxRetryAfterMs?: number;
}

/** Retry options with every default applied. */
export type ResolvedRetry = Readonly<Required<SearchRetryOptions>>;

/** The retry policy of TOOLS.md: 3 attempts, 200 ms base, factor 2, 5 s cap. */
export const DEFAULT_SEARCH_RETRY: ResolvedRetry = Object.freeze({
  attempts: 3,
  baseMs: 200,
  factor: 2,
  capMs: 5000,
  maxRetryAfterMs: 30_000,
});

/** Validates retry options once and applies the defaults; throws a SearchConfigError naming the field. */
export function resolveRetry(owner: string, options: SearchRetryOptions | undefined): ResolvedRetry {
  if (options === undefined) return DEFAULT_SEARCH_RETRY;
  if (typeof options !== "object" || options === null) {
    throw new SearchConfigError({
      owner,
      field: "retry",
      expected: "an object",
      received: describeValue(options),
    });
  }
  const resolved = { ...DEFAULT_SEARCH_RETRY, ...withoutUndefined(options) };
  check(
    owner,
    "attempts",
    resolved.attempts,
    Number.isInteger(resolved.attempts) && resolved.attempts >= 1,
    "an integer of at least 1",
  );
  check(owner, "baseMs", resolved.baseMs, resolved.baseMs >= 0, "a number of milliseconds, 0 or more");
  check(owner, "factor", resolved.factor, resolved.factor >= 1, "a number of at least 1");
  check(owner, "capMs", resolved.capMs, resolved.capMs >= 0, "a number of milliseconds, 0 or more");
  check(
    owner,
    "maxRetryAfterMs",
    resolved.maxRetryAfterMs,
    resolved.maxRetryAfterMs >= 0,
    "a number of milliseconds, 0 or more",
  );
  return Object.freeze(resolved);
}

function withoutUndefined(options: SearchRetryOptions): SearchRetryOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

function check(owner: string, field: string, value: unknown, ok: boolean, expected: string): void {
  if (typeof value !== "number" || Number.isNaN(value) || !ok) {
    throw new SearchConfigError({ owner, field: `retry.${field}`, expected, received: describeValue(value) });
  }
}
