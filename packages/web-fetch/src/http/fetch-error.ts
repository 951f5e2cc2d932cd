/** What went wrong while fetching a page. */
export type FetchErrorKind =
  | "url"
  | "blocked"
  | "dns"
  | "connect"
  | "tls"
  | "timeout"
  | "cancelled"
  | "http"
  | "redirects"
  | "type"
  | "too-large"
  | "content";

/**
 * A failed fetch, with a message saying what happened (status and reason,
 * the DNS or TLS failure, the refused address). The tool turns it into a soft
 * error for the model.
 */
export class FetchError extends Error {
  override readonly name = "FetchError";
  readonly kind: FetchErrorKind;
  /** The HTTP status, for `http`. */
  readonly status: number | undefined;

  constructor(kind: FetchErrorKind, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }

  /** True for a FetchError, including one from another copy of this package. */
  static is(value: unknown): value is FetchError {
    return (
      value instanceof Error &&
      value.name === "FetchError" &&
      typeof (value as { kind?: unknown }).kind === "string"
    );
  }
}
