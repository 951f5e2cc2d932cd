import { SearchConfigError, describeValue } from "../errors/config-error.js";
import { type ResolvedRetry, resolveRetry, type SearchRetryOptions } from "../retry/retry-options.js";

/** What one retry wait is about, for logging. */
export interface RetryEvent {
  /** The provider's name. */
  provider: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** How long the next wait lasts. */
  delayMs: number;
  /** Why the attempt failed, secrets removed. */
  reason: string;
  /** The HTTP status, when the provider answered. */
  status?: number;
}

/** Options every HTTP provider takes. */
export interface TransportOptions {
  /** Replaces the service's origin (self-hosted gateways, stand-ins); a path on it is kept as a prefix. */
  baseUrl?: string;
  /** How failed requests are retried. */
  retry?: SearchRetryOptions;
  /** The limit for one request, body included. @default 30000 */
  timeoutMs?: number;
  /** Called before each wait between attempts (e.g. to log it). */
  onRetry?: (event: RetryEvent) => void;
}

/** Transport options with every default applied. */
export interface ResolvedTransport {
  readonly baseUrl: string;
  readonly retry: ResolvedRetry;
  readonly timeoutMs: number;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
}

/** The per-request timeout of TOOLS.md. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Validates transport options once; throws a SearchConfigError naming the field. */
export function resolveTransport(
  owner: string,
  options: TransportOptions,
  defaultBaseUrl: string,
): ResolvedTransport {
  const { baseUrl = defaultBaseUrl, retry, timeoutMs = DEFAULT_TIMEOUT_MS, onRetry } = options;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    throw new SearchConfigError({
      owner,
      field: "timeoutMs",
      expected: "a positive number of milliseconds",
      received: describeValue(timeoutMs),
    });
  }
  if (onRetry !== undefined && typeof onRetry !== "function") {
    throw new SearchConfigError({
      owner,
      field: "onRetry",
      expected: "a function",
      received: describeValue(onRetry),
    });
  }
  return { baseUrl: checkBaseUrl(owner, baseUrl), retry: resolveRetry(owner, retry), timeoutMs, onRetry };
}

/** An http(s) URL without query or fragment, trailing slashes removed. */
export function checkBaseUrl(owner: string, value: unknown, field = "baseUrl"): string {
  const expected = "an http:// or https:// URL without a query or fragment";
  if (typeof value !== "string")
    throw new SearchConfigError({ owner, field, expected, received: describeValue(value) });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SearchConfigError({ owner, field, expected, received: describeValue(value) });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new SearchConfigError({ owner, field, expected, received: describeValue(value) });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** A required non-empty string option; secrets are described without their contents. */
export function requireString(
  owner: string,
  field: string,
  value: unknown,
  fix: string,
  secret = true,
): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new SearchConfigError({
      owner,
      field,
      expected: "a non-empty string",
      received: describeValue(value, { secret }),
      fix,
    });
  }
  return value;
}
