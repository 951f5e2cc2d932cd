/** A hooks configuration Toolkit refuses: the file (or `"code"`) and the field that is wrong. */
export class HooksConfigError extends Error {
  override readonly name = "HooksConfigError";
  /** The settings file, or `"code"`. */
  readonly source: string;
  /** The path of the bad field, e.g. `hooks.PreToolUse[0].matcher`. */
  readonly field: string;

  constructor(message: string, options: { source: string; field: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.source = options.source;
    this.field = options.field;
  }
}
