import { adviceFor, ToolError, type ToolErrorKind } from "../errors/error.js";

/**
 * The variants of Loom's `ToolError` the Loom-shaped tools answer with, as
 * the Loom tool-system document names them.
 */
export const LoomErrorKind = {
  FileNotFound: "FileNotFound",
  PathOutsideWorkspace: "PathOutsideWorkspace",
  InvalidArguments: "InvalidArguments",
  Io: "Io",
  NotFound: "NotFound",
} as const;
export type LoomErrorKind = (typeof LoomErrorKind)[keyof typeof LoomErrorKind];

/** The Toolkit kind each Loom variant is, for middleware (retry, trace) that reads `kind`. */
const TOOLKIT_KIND: Record<LoomErrorKind, ToolErrorKind> = {
  FileNotFound: "FileNotFound",
  PathOutsideWorkspace: "Permission",
  InvalidArguments: "InvalidInput",
  Io: "Io",
  NotFound: "NotFound",
};

/** The Loom variant a Toolkit kind is answered as when a Toolkit rule refuses a Loom call. */
const LOOM_KIND: Record<ToolErrorKind, LoomErrorKind> = {
  NotFound: "NotFound",
  InvalidInput: "InvalidArguments",
  Execution: "InvalidArguments",
  Permission: "PathOutsideWorkspace",
  FileNotFound: "FileNotFound",
  Timeout: "Io",
  Cancelled: "Io",
  Io: "Io",
  Json: "InvalidArguments",
};

/** The names of Toolkit's own tools, which advice to a model in a Loom registry must not point to. */
const TOOLKIT_TOOL =
  /\b(Read|Write|Edit|MultiEdit|FileViewer|ApplyPatch|Glob|Grep|Tree|Shell|Jobs|JobInput|WebSearch|WebFetch)\b/;

/** Options of a `LoomToolError`. */
export interface LoomToolErrorOptions {
  /**
   * A sentence on its own line after the message. Leave it out for the
   * errors whose text the Loom document shows: those are answered exactly.
   * Advice names only Loom tools (`read_file`, `list_files`, ...).
   */
  advice?: string;
  /** The underlying error, kept for logs; never shown to the model. */
  cause?: unknown;
  /** The Toolkit kind, when it is not the variant's usual one. */
  kind?: ToolErrorKind;
}

/**
 * A failure of a Loom-shaped tool, answered as Loom's executor answers one:
 * `Error: <message>` (e.g. `Error: File not found: /workspace/missing.txt`),
 * then the advice on its own line when there is any. `loomKind` is Loom's
 * variant; `kind` the Toolkit kind middleware reads.
 *
 * @example throw LoomToolError.invalidArguments("old_str found 2 times, use replace_all");
 */
export class LoomToolError extends ToolError {
  /** Loom's `ToolError` variant. */
  readonly loomKind: LoomErrorKind;

  constructor(loomKind: LoomErrorKind, message: string, options: LoomToolErrorOptions = {}) {
    super(options.kind ?? TOOLKIT_KIND[loomKind], message, {
      advice: options.advice ?? "",
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.loomKind = loomKind;
  }

  /** `File not found: <path>`, Loom's text, with the path as Loom joins it (see `loomJoin`). */
  static override fileNotFound(path: string): LoomToolError {
    return new LoomToolError("FileNotFound", `File not found: ${path}`);
  }

  /** `Path outside workspace: <path>`: the document names the variant; the text follows `FileNotFound`'s. */
  static pathOutsideWorkspace(path: string): LoomToolError {
    return new LoomToolError("PathOutsideWorkspace", `Path outside workspace: ${path}`);
  }

  /** Loom's `InvalidArguments(message)`: the message as it is, e.g. `old_str not found: x`. */
  static invalidArguments(message: string, options: Omit<LoomToolErrorOptions, "kind"> = {}): LoomToolError {
    return new LoomToolError("InvalidArguments", message, options);
  }

  /**
   * A Toolkit refusal (a hard-linked file, a cancelled call) in Loom's form:
   * its message, and `advice`, by default its own advice unless that names
   * a Toolkit tool (`Glob`, `Read`, ...) a Loom registry does not have, then
   * the kind's own sentence, which names none. A FileNotFound carries no
   * advice, as Loom's. A LoomToolError is returned as it is.
   */
  static from(error: ToolError, advice?: string): LoomToolError {
    if (error instanceof LoomToolError) return error;
    if (error.kind === "FileNotFound")
      return new LoomToolError("FileNotFound", error.message, { cause: error });
    const own = TOOLKIT_TOOL.test(error.advice) ? adviceFor(error.kind) : error.advice;
    return new LoomToolError(LOOM_KIND[error.kind], error.message, {
      kind: error.kind,
      advice: advice ?? own,
      cause: error,
    });
  }

  /** `Error: <message>`, then the advice on its own line when there is any. */
  override modelText(): string {
    return this.advice === "" ? `Error: ${this.message}` : `Error: ${this.message}\n${this.advice}`;
  }
}
