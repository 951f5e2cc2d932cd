import { parseRetryAfterMs, redactValues } from "@toolkit/internal";
import { abortError, type Clock } from "../runtime/clock.js";
import { ModelHttpError } from "./model-http-error.js";
import { backoffMs, type RetryPolicy } from "./retry-policy.js";

/** What `postJson` needs. */
export interface PostJsonOptions {
  fetch: typeof globalThis.fetch;
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  signal: AbortSignal | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  clock: Clock;
  /** Strings removed from any error message (API keys). */
  secrets: readonly string[];
  /**
   * Reads a successful response instead of parsing it as JSON (a stream).
   * `touch` restarts the attempt's timer, so `timeoutMs` bounds the silence
   * between chunks rather than the whole stream. Throwing `StreamEndedEarly`
   * makes the attempt retryable.
   */
  read?: (response: Response, touch: () => void, attempt: number) => Promise<unknown>;
}

/** Thrown by a stream reader when the body ended before the reply was complete. */
export class StreamEndedEarly extends Error {
  override readonly name = "StreamEndedEarly";
}

/**
 * Posts a JSON body and returns the parsed reply (or what `read` made of a
 * stream). 429, 5xx, timeouts and
 * network errors are retried with backoff (or the `Retry-After` the server
 * asked for); other statuses fail at once. The caller's signal cancels the
 * request and any wait with an AbortError.
 */
export async function postJson(options: PostJsonOptions): Promise<unknown> {
  const { retry, clock, signal } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortError(signal);
    const outcome = await attemptOnce(options, attempt);
    if (outcome.kind === "ok") return outcome.value;
    const last = attempt >= retry.attempts;
    if (!outcome.retryable || last) throw outcome.error;
    const asked = outcome.retryAfterMs;
    if (asked !== undefined && asked > retry.maxRetryAfterMs) throw outcome.error;
    await clock.sleep(asked ?? backoffMs(retry, attempt), signal);
  }
}

type Outcome =
  | { kind: "ok"; value: unknown }
  | { kind: "fail"; error: Error; retryable: boolean; retryAfterMs: number | undefined };

async function attemptOnce(o: PostJsonOptions, attempt: number): Promise<Outcome> {
  const timeout = new AbortController();
  let timer = setTimeout(() => timeout.abort(), o.timeoutMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(), o.timeoutMs);
  };
  const signal = o.signal ? AbortSignal.any([o.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await o.fetch(o.url, {
      method: "POST",
      headers: { ...o.headers },
      body: o.body,
      signal,
    });
    if (response.ok && o.read) {
      try {
        return { kind: "ok", value: await o.read(response, touch, attempt) };
      } catch (cause) {
        if (o.signal?.aborted || timeout.signal.aborted) throw cause;
        if (cause instanceof StreamEndedEarly) {
          return fail(o, attempt, cause.message, { cause, retryable: true });
        }
        const message = cause instanceof Error ? cause.message : String(cause);
        return fail(o, attempt, `the stream is not readable: ${message}`, { cause, retryable: false });
      }
    }
    const text = await response.text();
    if (response.ok) {
      try {
        return { kind: "ok", value: JSON.parse(text) };
      } catch (cause) {
        return fail(o, attempt, `the reply is not JSON: ${snippet(text)}`, { cause, retryable: false });
      }
    }
    const retryable = response.status === 429 || response.status >= 500;
    const wait = parseRetryAfterMs(response.headers.get("retry-after"), o.clock.now());
    return fail(o, attempt, `HTTP ${response.status}: ${errorMessage(text)}`, {
      status: response.status,
      retryable,
      retryAfterMs: wait,
    });
  } catch (cause) {
    if (o.signal?.aborted) throw abortError(o.signal);
    if (timeout.signal.aborted) {
      return fail(o, attempt, `no reply within ${o.timeoutMs}ms`, { cause, retryable: true });
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return fail(o, attempt, `network error: ${message}`, { cause, retryable: true });
  } finally {
    clearTimeout(timer);
  }
}

function fail(
  o: PostJsonOptions,
  attempt: number,
  message: string,
  extra: { status?: number; retryable: boolean; retryAfterMs?: number | undefined; cause?: unknown },
): Outcome {
  let text = `${o.url}: ${message} (after ${attempt} attempt${attempt === 1 ? "" : "s"})`;
  text = redactValues(text, o.secrets);
  const error = new ModelHttpError(text, {
    attempts: attempt,
    ...(extra.status === undefined ? {} : { status: extra.status }),
  });
  return { kind: "fail", error, retryable: extra.retryable, retryAfterMs: extra.retryAfterMs };
}

/** The provider's error message when the body has one (`{error: {message}}`), else a snippet. */
function errorMessage(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "error" in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (typeof error === "string") return error;
      if (error && typeof error === "object" && "message" in error) {
        return String((error as { message: unknown }).message);
      }
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return snippet(text);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat || "(empty body)";
}
