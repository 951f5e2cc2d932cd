/** One HTTP request to send (and to send again on retry). */
export interface HttpRequest {
  readonly url: string;
  readonly method: "GET" | "POST";
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** What one attempt came to. */
export type AttemptOutcome =
  | {
      readonly type: "response";
      readonly status: number;
      readonly statusText: string;
      readonly headers: Headers;
      readonly body: string;
    }
  | { readonly type: "network"; readonly error: unknown }
  | { readonly type: "oversize"; readonly limitBytes: number }
  | { readonly type: "timeout" }
  | { readonly type: "cancelled" };

/**
 * Sends one request with global fetch and reads the whole body, within
 * `timeoutMs`. Never throws: a refused connection, a timeout, a body over
 * `MAX_RESPONSE_BYTES` and the caller's abort each come back as an outcome. `signal` aborting wins over a timeout.
 */
export async function sendAttempt(
  request: HttpRequest,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal | undefined },
): Promise<AttemptOutcome> {
  if (signal?.aborted) return { type: "cancelled" };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetch(request.url, init);
    const body = await readCapped(response, MAX_RESPONSE_BYTES);
    if (body === undefined) return { type: "oversize", limitBytes: MAX_RESPONSE_BYTES };
    return {
      type: "response",
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body,
    };
  } catch (error) {
    if (signal?.aborted) return { type: "cancelled" };
    if (timedOut) return { type: "timeout" };
    return { type: "network", error };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** The largest response body read; search answers are a few KiB. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The body as UTF-8, or undefined (and the stream cancelled) once it passes `limitBytes`. */
async function readCapped(response: Response, limitBytes: number): Promise<string | undefined> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limitBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A network failure in one line: fetch's message and the system error under it. */
export function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return `${error.message}: ${typeof code === "string" && !cause.message.includes(code) ? `${code} ` : ""}${cause.message}`;
  }
  return error.message;
}
