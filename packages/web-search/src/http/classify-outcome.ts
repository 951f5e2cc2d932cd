import { parseRetryAfterMs } from "@toolkit/internal";
import { redactValues } from "../errors/redact.js";
import type { SearchErrorFields } from "../errors/search-error.js";
import { providerReason } from "./provider-reason.js";
import { type AttemptOutcome, networkReason } from "./send-attempt.js";

/** A failed attempt: whether to retry, how long the provider asked to wait, and the error to raise. */
export interface AttemptFailure {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly fields: Omit<SearchErrorFields, "provider" | "attempts">;
}

/** What classification needs besides the outcome. */
export interface ClassifyOptions {
  timeoutMs: number;
  secrets: readonly string[];
  nowMs: number;
  /** Overrides "5xx is retryable" for one answer body. */
  retryableServerError?: ((body: string) => boolean) | undefined;
}

/**
 * Decides what a non-2xx attempt means. Pure. Retryable: network errors,
 * timeouts, 429 and 5xx (`Retry-After` read from those); anything else fails
 * at once with the provider's reason. Every reason has the secrets removed.
 */
export function classifyOutcome(outcome: AttemptOutcome, options: ClassifyOptions): AttemptFailure {
  const redact = (text: string): string => redactValues(text, options.secrets);
  switch (outcome.type) {
    case "cancelled":
      return {
        retryable: false,
        retryAfterMs: undefined,
        fields: { kind: "cancelled", reason: "cancelled" },
      };
    case "timeout":
      return {
        retryable: true,
        retryAfterMs: undefined,
        fields: {
          kind: "timeout",
          reason: `no answer within ${options.timeoutMs} ms`,
          timeoutMs: options.timeoutMs,
        },
      };
    case "oversize":
      return {
        retryable: false,
        retryAfterMs: undefined,
        fields: { kind: "response", reason: `the body passed ${outcome.limitBytes} bytes` },
      };
    case "network":
      return {
        retryable: true,
        retryAfterMs: undefined,
        fields: { kind: "network", reason: redact(networkReason(outcome.error)), cause: outcome.error },
      };
    case "response": {
      const { status } = outcome;
      const server = status >= 500 && (options.retryableServerError?.(outcome.body) ?? true);
      const retryable = status === 429 || server;
      const retryAfterMs = retryable
        ? parseRetryAfterMs(outcome.headers.get("retry-after"), options.nowMs)
        : undefined;
      return {
        retryable,
        retryAfterMs,
        fields: { kind: "http", status, reason: redact(providerReason(outcome.body, outcome.statusText)) },
      };
    }
  }
}
