import { SearchError } from "../errors/search-error.js";

/** How the proxy answers a failed upstream search. */
export interface UpstreamFailure {
  status: number;
  /** A fixed reason built from the failure's kind and status, never from upstream text. */
  error: string;
  /** Seconds for `Retry-After`, when the upstream asked to wait. */
  retryAfterSeconds?: number;
  /** More for the log line only: the name of an unexpected error's class. */
  detail?: string;
}

/**
 * Maps an upstream failure to the proxy's status: 504 for a timeout, 503 for
 * an upstream 429 (with its `Retry-After`), 502 for everything else. The proxy
 * has already retried, so every such answer is marked `retryable: false`.
 * A search cancelled because the client went away is logged as 499.
 *
 * The reason is fixed (provider, status, attempts): an upstream error body
 * or network message is never relayed, because it can hold the provider key
 * in forms no redaction recognises (percent-encoded, base64, HTML entities,
 * case-changed, split by zero-width characters).
 */
export function upstreamFailure(error: unknown): UpstreamFailure {
  if (!SearchError.is(error)) {
    const detail = error instanceof Error ? error.name : typeof error;
    return { status: 502, error: "the upstream search failed unexpectedly", detail };
  }
  if (error.kind === "cancelled") return { status: 499, error: "the client closed the request" };
  const tried = error.attempts > 1 ? ` (gave up after ${error.attempts} attempts)` : "";
  switch (error.kind) {
    case "timeout": {
      const within = error.timeoutMs === undefined ? "in time" : `within ${error.timeoutMs} ms`;
      return { status: 504, error: `upstream ${error.provider} did not answer ${within}${tried}` };
    }
    case "network":
      return { status: 502, error: `could not reach upstream ${error.provider}${tried}` };
    case "response":
      return { status: 502, error: `upstream ${error.provider} sent an unexpected response` };
    case "http": {
      const message = `upstream ${error.provider} answered HTTP ${error.status ?? "error"}${tried}`;
      const wait = error.retryAfterMs;
      if (error.status !== 429) return { status: 502, error: message };
      return wait === undefined
        ? { status: 503, error: message }
        : { status: 503, error: message, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    }
  }
}
