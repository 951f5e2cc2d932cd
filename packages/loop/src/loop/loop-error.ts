/** The ways a run can end in a hard failure. */
export const LoopErrorKind = {
  /** The run's signal fired; in-flight tools saw it through `ctx.signal`. */
  Cancelled: "Cancelled",
  /** The same call (name and canonical input) repeated past the threshold. */
  LoopDetected: "LoopDetected",
  /** The model kept sending replies the loop could not use, or kept failing every call. */
  RecoveryExhausted: "RecoveryExhausted",
  /** The turn limit was reached while the model still called tools. */
  MaxTurns: "MaxTurns",
  /** The provider failed after its retries. */
  Model: "Model",
  /** A typed final answer (`run(task, { output })`) did not match its schema, even after one repair turn. */
  InvalidOutput: "InvalidOutput",
  /** A gate ended the run (`gates`: e.g. a UserPromptSubmit hook blocked the task); the message is its reason. */
  Gate: "Gate",
} as const;
export type LoopErrorKind = (typeof LoopErrorKind)[keyof typeof LoopErrorKind];

/** Options for a LoopError. */
export interface LoopErrorOptions {
  /** The turn the run was in (1-based), when known. */
  turn?: number;
  cause?: unknown;
}

/**
 * A hard failure that ends a run. Soft failures (a tool's error) never become
 * a LoopError: they go back to the model as `is_error` tool results.
 *
 * @example
 * try { await loop.run("fix it") } catch (e) { if (LoopError.is(e) && e.kind === "MaxTurns") ... }
 */
export class LoopError extends Error {
  override readonly name = "LoopError";
  readonly kind: LoopErrorKind;
  readonly turn: number | undefined;

  constructor(kind: LoopErrorKind, message: string, { turn, cause }: LoopErrorOptions = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.turn = turn;
  }

  /** True for a LoopError, including one from another copy of this package. */
  static is(value: unknown): value is LoopError {
    return (
      value instanceof LoopError ||
      (value instanceof Error &&
        value.name === "LoopError" &&
        typeof (value as { kind?: unknown }).kind === "string")
    );
  }
}
