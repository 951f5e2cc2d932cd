/** Options for a DefineToolError beyond its message. */
export interface DefineToolErrorOptions {
  /** The `defineTool` option at fault, e.g. `input` or `name`. */
  option: string;
  /** The input field at fault, as a path like `filter.since`, when one field is to blame. */
  field?: string;
  /** The underlying error (e.g. the one zod threw). */
  cause?: unknown;
}

/**
 * A tool definition that cannot work, thrown by `defineTool` and
 * `defineToolClass` when the tool is defined, never when it is called. The
 * message names the option (and the field, when one is to blame) and says
 * how to fix it.
 */
export class DefineToolError extends TypeError {
  override readonly name = "DefineToolError";
  /** The `defineTool` option at fault. */
  readonly option: string;
  /** The input field at fault, when one field is to blame. */
  readonly field: string | undefined;

  constructor(message: string, options: DefineToolErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.option = options.option;
    this.field = options.field;
  }
}
