import { hasBrand, TOOL_ERROR_BRAND } from "../output/brand.js";
import { ToolOutput } from "../output/output.js";

/** The nine kinds of tool failure. */
export const ToolErrorKind = {
  NotFound: "NotFound",
  InvalidInput: "InvalidInput",
  Execution: "Execution",
  Permission: "Permission",
  FileNotFound: "FileNotFound",
  Timeout: "Timeout",
  Cancelled: "Cancelled",
  Io: "Io",
  Json: "Json",
} as const;
export type ToolErrorKind = (typeof ToolErrorKind)[keyof typeof ToolErrorKind];

/** One sentence per kind telling the model what to do next. */
const ADVICE: Record<ToolErrorKind, string> = {
  NotFound: "Call one of the available tools by its exact name.",
  InvalidInput: "Fix the arguments so they match the tool's input schema, then call it again.",
  Execution:
    "Read the error, change the arguments or the approach, and do not repeat the same call unchanged.",
  Permission: "Do not retry this call; choose an allowed action or ask the user for permission.",
  FileNotFound:
    "Check the path (list the directory or search for the file), then retry with a path that exists.",
  Timeout: "Retry with a longer timeout, or split the work into smaller steps.",
  Cancelled: "The call was cancelled; stop and wait for the user's next instruction.",
  Io: "Check the path and the file's state, then try again.",
  Json: "Send valid JSON of the expected shape.",
};

/** The advice sentence for a kind. */
export function adviceFor(kind: ToolErrorKind): string {
  return ADVICE[kind];
}

/** Options for a ToolError beyond its kind and message. */
export interface ToolErrorOptions {
  /** Overrides the kind's default advice sentence. */
  advice?: string;
  /** The underlying error, kept for logs; never shown to the model. */
  cause?: unknown;
}

/** Names shown in a NotFound message before the list is cut. */
const MAX_LISTED = 10;

/**
 * A tool failure the model can recover from. Thrown by a tool (or returned via
 * `toOutput()`), it becomes a soft failure: its message and advice go back to
 * the model and the run continues.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  /** What went wrong, one of the nine kinds. */
  readonly kind: ToolErrorKind;
  /** One sentence telling the model what to do next. */
  readonly advice: string;

  constructor(kind: ToolErrorKind, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.advice = options.advice ?? ADVICE[kind];
  }

  /** `Tool not found: x. Available: a, b` (`none registered` when empty; at most 10 names listed). */
  static notFound(tool: string, available: readonly string[], options?: ToolErrorOptions): ToolError {
    let list: string;
    if (available.length === 0) list = "none registered";
    else if (available.length <= MAX_LISTED) list = available.join(", ");
    else
      list = `${available.slice(0, MAX_LISTED).join(", ")} ... (and ${available.length - MAX_LISTED} more)`;
    return new ToolError("NotFound", `Tool not found: ${tool}. Available: ${list}`, options);
  }
  /** `Invalid input: ...` */
  static invalidInput(message: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("InvalidInput", `Invalid input: ${message}`, options);
  }
  /** `Execution error: ...` */
  static execution(message: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("Execution", `Execution error: ${message}`, options);
  }
  /** `Permission denied: ...` */
  static permission(message: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("Permission", `Permission denied: ${message}`, options);
  }
  /** `File not found: <path>` */
  static fileNotFound(path: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("FileNotFound", `File not found: ${path}`, options);
  }
  /** `Timeout after Ns` */
  static timeout(seconds: number, options?: ToolErrorOptions): ToolError {
    return new ToolError("Timeout", `Timeout after ${seconds}s`, options);
  }
  /** `Cancelled` */
  static cancelled(options?: ToolErrorOptions): ToolError {
    return new ToolError("Cancelled", "Cancelled", options);
  }
  /** `IO error: ...` */
  static io(message: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("Io", `IO error: ${message}`, options);
  }
  /** `JSON error: ...` */
  static json(message: string, options?: ToolErrorOptions): ToolError {
    return new ToolError("Json", `JSON error: ${message}`, options);
  }

  /**
   * True for a ToolError, including one from another copy of this package
   * (checked by a `Symbol.for` brand, not `instanceof`). Never throws: a
   * hostile value (a revoked proxy, a throwing getter) is simply not one.
   */
  static is(value: unknown): value is ToolError {
    try {
      return value instanceof ToolError || hasBrand(value, TOOL_ERROR_BRAND);
    } catch {
      return false;
    }
  }

  /** The text the model sees: the message, then the advice on its own line. */
  modelText(): string {
    return `${this.message}\n${this.advice}`;
  }

  /** This error as a soft-failure output: `modelText()` with `isError` set. */
  toOutput(): ToolOutput {
    return ToolOutput.errorText(this.modelText());
  }
}

Object.defineProperty(ToolError.prototype, TOOL_ERROR_BRAND, { value: true });
