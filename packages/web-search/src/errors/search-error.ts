/** Why a search failed. */
export type SearchErrorKind = "http" | "network" | "timeout" | "cancelled" | "response";

/** The fields of a SearchError. */
export interface SearchErrorFields {
  /** Why the search failed. */
  kind: SearchErrorKind;
  /** The provider's name, e.g. `google-cse`. */
  provider: string;
  /** A one-line explanation with secrets removed (the provider's own reason for HTTP errors). */
  reason: string;
  /** How many requests were sent. */
  attempts: number;
  /** The HTTP status, for `http` errors. */
  status?: number;
  /** How long the provider asked to wait (from `Retry-After`), when it did. */
  retryAfterMs?: number;
  /** The per-request timeout, for `timeout` errors. */
  timeoutMs?: number;
  /** The underlying error, never shown to the model. */
  cause?: unknown;
}

/**
 * A failed search. Its message is safe to show: provider keys and tokens are
 * removed before it is built.
 */
export class SearchError extends Error {
  override readonly name = "SearchError";
  /** Why the search failed. */
  readonly kind: SearchErrorKind;
  /** The provider's name. */
  readonly provider: string;
  /** The reason, without the surrounding sentence. */
  readonly reason: string;
  /** How many requests were sent. */
  readonly attempts: number;
  /** The HTTP status, for `http` errors. */
  readonly status: number | undefined;
  /** How long the provider asked to wait, when it did. */
  readonly retryAfterMs: number | undefined;
  /** The per-request timeout, for `timeout` errors. */
  readonly timeoutMs: number | undefined;

  constructor(fields: SearchErrorFields) {
    super(describe(fields), fields.cause === undefined ? undefined : { cause: fields.cause });
    this.kind = fields.kind;
    this.provider = fields.provider;
    this.reason = fields.reason;
    this.attempts = fields.attempts;
    this.status = fields.status;
    this.retryAfterMs = fields.retryAfterMs;
    this.timeoutMs = fields.timeoutMs;
  }

  /** True for a SearchError, including one from another copy of this package. */
  static is(value: unknown): value is SearchError {
    return (
      value instanceof SearchError ||
      (value instanceof Error &&
        value.name === "SearchError" &&
        typeof (value as { kind?: unknown }).kind === "string" &&
        typeof (value as { provider?: unknown }).provider === "string")
    );
  }
}

function describe(f: SearchErrorFields): string {
  let text: string;
  switch (f.kind) {
    case "http":
      text = `${f.provider} answered HTTP ${f.status ?? "error"}: ${f.reason}`;
      break;
    case "network":
      text = `could not reach ${f.provider}: ${f.reason}`;
      break;
    case "timeout":
      text = `${f.provider} did not answer within ${f.timeoutMs ?? "the"} ms`;
      break;
    case "cancelled":
      return `the ${f.provider} search was cancelled`;
    case "response":
      text = `${f.provider} sent an unexpected response: ${f.reason}`;
      break;
  }
  const notes: string[] = [];
  if (f.attempts > 1) notes.push(`gave up after ${f.attempts} attempts`);
  if (f.retryAfterMs !== undefined) notes.push(`it asked to wait ${Math.ceil(f.retryAfterMs / 1000)}s`);
  return notes.length ? `${text} (${notes.join("; ")})` : text;
}
