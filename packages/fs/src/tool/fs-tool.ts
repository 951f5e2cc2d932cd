import {
  type JsonSchema,
  type Retention,
  type ToolContext,
  ToolBase,
  ToolError,
  type ToolOutput,
  validateInput,
} from "@toolkit/core";
import { errorCode } from "./error-code.js";
import { type AliasTable, applyAliases, nameWhatArrived } from "./field-aliases.js";

/** How an FsTool reads its input. */
export interface FsToolShape {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** Alias fields accepted and renamed before validation. */
  readonly aliases: AliasTable;
  /** Array fields whose items take aliases too (e.g. `edits`). */
  readonly nestedAliases?: readonly string[];
  /** Retention of a successful reply. */
  readonly retention: Retention;
}

/**
 * The fs family on core's `ToolBase`: aliases renamed before validation,
 * input validated once (by dispatch, or here on a direct call), and the fs
 * failure rule — a ToolError or an error from the file system (one with an
 * errno `code`) is a soft failure; anything else is a bug and is thrown.
 * A successful reply gets the shape's retention.
 */
export abstract class FsTool<I> extends ToolBase<I> {
  readonly name: string;
  readonly description: string;
  protected readonly inputSchema: JsonSchema;
  readonly #shape: FsToolShape;

  protected constructor(shape: FsToolShape) {
    super();
    this.name = shape.name;
    this.description = shape.description;
    this.inputSchema = shape.inputSchema;
    this.#shape = shape;
  }

  /**
   * The input with alias fields renamed to their canonical names (pure; the
   * canonical name wins when both arrive). Dispatch applies it before
   * validating; a direct `call()` applies it itself.
   */
  override normalizeInput(input: unknown): unknown {
    return applyAliases(input, this.#shape.aliases, this.#shape.nestedAliases).input;
  }

  /** Aliases, then validation; an error names each renamed field as the model sent it. */
  protected override parseInput(input: unknown): I {
    const { input: renamed, renamed: names } = applyAliases(
      input,
      this.#shape.aliases,
      this.#shape.nestedAliases,
    );
    try {
      return validateInput<I>(this.inputSchema, renamed);
    } catch (error) {
      throw ToolError.is(error) ? nameWhatArrived(error, names) : error;
    }
  }

  /** An errno error from the file system is something the model can act on: an `IO error`. */
  protected override toolError(error: unknown): ToolError | undefined {
    return asFsToolError(error);
  }

  protected override finish(output: ToolOutput): ToolOutput {
    return output.isError ? output : output.withRetention(this.#shape.retention);
  }

  /** The tool's work, on validated input. */
  protected abstract override run(input: I, ctx: ToolContext): Promise<ToolOutput>;
}

/** A ToolError as it is, an error from the file system as an `IO error`, anything else `undefined`. */
export function asFsToolError(error: unknown): ToolError | undefined {
  if (ToolError.is(error)) return error;
  if (error instanceof Error && typeof (error as { code?: unknown }).code === "string") {
    return ToolError.io(`${errorCode(error)}: ${error.message}`, { cause: error });
  }
  return undefined;
}
