import { SearchError } from "../search-error.js";

/** How the proxy answers a failed upstream search. */
export interface UpstreamFailure {
  status: number;
  /** The message, already safe to show (providers remove their keys). */
  error: string;
  /** Seconds for `Retry-After`, when the upstream asked to wait. */
  retryAfterSeconds?: number;
  /** More for the log line only (an unexpected error's message). */
  detail?: string;
}

/**
 * Maps an upstream failure to the proxy's status: 504 for a timeout, 503 for
 * an upstream 429 (with its `Retry-After`), 502 for everything else. The proxy
 * has already retried, so every such answer is marked `retryable: false`.
 * A search cancelled because the client went away is logged as 499.
 */
export function upstreamFailure(error: unknown): UpstreamFailure {
  if (!SearchError.is(error)) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { status: 502, error: "the upstream search failed unexpectedly", detail };
  }
  if (error.kind === "cancelled") return { status: 499, error: "the client closed the request" };
  const message = `upstream ${error.message}`;
  if (error.kind === "timeout") return { status: 504, error: message };
  if (error.kind === "http" && error.status === 429) {
    const wait = error.retryAfterMs;
    return wait === undefined
      ? { status: 503, error: message }
      : { status: 503, error: message, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
  return { status: 502, error: message };
}
