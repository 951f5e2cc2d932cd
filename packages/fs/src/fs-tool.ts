import {
  type JsonSchema,
  type Retention,
  type Tool,
  type ToolContext,
  ToolError,
  ToolOutput,
  type ToolSchema,
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
 * Shared plumbing of the fs tools: aliases, validation against the tool's
 * own schema, and a ToolError (or an error from the file system) becoming a
 * soft failure returned to the model.
 */
export abstract class FsTool<I> implements Tool {
  readonly name: string;
  readonly description: string;
  readonly #shape: FsToolShape;
  readonly #schema: ToolSchema;

  protected constructor(shape: FsToolShape) {
    this.name = shape.name;
    this.description = shape.description;
    this.#shape = shape;
    this.#schema = Object.freeze({
      tool: shape.name,
      description: shape.description,
      input_schema: shape.inputSchema,
    });
  }

  schema(): ToolSchema {
    return this.#schema;
  }

  /**
   * The input with alias fields renamed to their canonical names (pure; the
   * canonical name wins when both arrive). `call()` applies it itself; a
   * dispatcher that validates against `schema()` before calling should apply
   * it first, or the aliases are refused as unexpected fields.
   */
  normalizeInput(input: unknown): unknown {
    return applyAliases(input, this.#shape.aliases, this.#shape.nestedAliases).input;
  }

  async call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    const { input: renamed, renamed: names } = applyAliases(
      input,
      this.#shape.aliases,
      this.#shape.nestedAliases,
    );
    try {
      let parsed: I;
      try {
        parsed = validateInput<I>(this.#shape.inputSchema, renamed);
      } catch (error) {
        throw ToolError.is(error) ? nameWhatArrived(error, names) : error;
      }
      const output = await this.run(parsed, ctx);
      return output.isError ? output : output.withRetention(this.#shape.retention);
    } catch (error) {
      return softFailure(error);
    }
  }

  /** The tool's work, on validated input. */
  protected abstract run(input: I, ctx: ToolContext): Promise<ToolOutput>;
}

/** A ToolError, or an error from the file system, as the model's soft failure; anything else is rethrown. */
export function softFailure(error: unknown): ToolOutput {
  if (ToolError.is(error)) return ToolOutput.errorText(`${error.message}\n${error.advice}`);
  if (error instanceof Error && typeof (error as { code?: unknown }).code === "string") {
    return softFailure(ToolError.io(`${errorCode(error)}: ${error.message}`, { cause: error }));
  }
  throw error;
}
