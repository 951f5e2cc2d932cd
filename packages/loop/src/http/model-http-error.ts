/** A provider request that failed: an HTTP status, a timeout, a network error or an unreadable body. */
export class ModelHttpError extends Error {
  override readonly name = "ModelHttpError";
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(
    message: string,
    { status, attempts, cause }: { status?: number; attempts: number; cause?: unknown },
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.attempts = attempts;
  }
}
