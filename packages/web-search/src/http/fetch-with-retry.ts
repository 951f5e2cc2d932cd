import { backoffMs } from "@toolkit/internal";
import { abortableSleep } from "../retry/sleep.js";
import { SearchError } from "../errors/search-error.js";
import { classifyOutcome } from "./classify-outcome.js";
import { type HttpRequest, sendAttempt } from "./send-attempt.js";
import type { ResolvedTransport, RetryEvent } from "./transport-options.js";

/** What `fetchWithRetry` needs beyond the request. */
export interface FetchWithRetryOptions {
  /** The provider's name, for messages. */
  provider: string;
  /** The resolved transport options of the provider. */
  transport: ResolvedTransport;
  /** Cancels the request and any wait between attempts. */
  signal: AbortSignal | undefined;
  /** Values removed from every message (API keys, tokens). */
  secrets: readonly string[];
  /** Called before each wait, after `transport.onRetry` (the request's own listener). */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Overrides "5xx is retryable" for one answer body (the proxy marks its final failures). */
  retryableServerError?: (body: string) => boolean;
}

/** A 2xx answer's body and how many requests it took. */
export interface HttpSuccess {
  readonly body: string;
  readonly attempts: number;
}

/**
 * Sends a request, retrying network errors, timeouts, 429 and 5xx with
 * backoff and jitter, honouring `Retry-After` up to `retry.maxRetryAfterMs`.
 * Other statuses fail at once with the provider's reason. Resolves with the
 * 2xx body and the number of requests sent; throws a SearchError whose message holds no secret.
 */
export async function fetchWithRetry(
  request: HttpRequest,
  options: FetchWithRetryOptions,
): Promise<HttpSuccess> {
  const { provider, transport, signal, secrets } = options;
  const { retry } = transport;
  for (let attempt = 1; ; attempt++) {
    const outcome = await sendAttempt(request, { timeoutMs: transport.timeoutMs, signal });
    if (outcome.type === "response" && outcome.status >= 200 && outcome.status < 300) {
      return { body: outcome.body, attempts: attempt };
    }
    const failure = classifyOutcome(outcome, {
      timeoutMs: transport.timeoutMs,
      secrets,
      nowMs: Date.now(),
      retryableServerError: options.retryableServerError,
    });
    const wait = failure.retryAfterMs;
    const giveUp =
      !failure.retryable || attempt >= retry.attempts || (wait !== undefined && wait > retry.maxRetryAfterMs);
    if (giveUp) {
      throw new SearchError({
        ...failure.fields,
        provider,
        attempts: attempt,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      });
    }
    const delayMs = wait ?? backoffMs(retry, attempt, Math.random());
    const { status } = failure.fields;
    const event: RetryEvent = {
      provider,
      attempt,
      delayMs,
      reason: failure.fields.reason,
      ...(status ? { status } : {}),
    };
    transport.onRetry?.(event);
    options.onRetry?.(event);
    try {
      await abortableSleep(delayMs, signal);
    } catch {
      throw new SearchError({ kind: "cancelled", provider, reason: "cancelled", attempts: attempt });
    }
  }
}
