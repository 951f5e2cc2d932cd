import type { ToolContext } from "../context/context.js";
import { ToolError } from "../errors/error.js";
import type { JsonSchema } from "../json/json.js";
import { nameFieldsAsSent, renamedFields } from "../schema/name-aliases.js";
import { ToolOutput } from "../output/output.js";
import type { Tool, ToolSchema } from "../tool/tool.js";
import { validateInput } from "../schema/validate.js";
import { checkInputShape } from "../schema/input-shape.js";
import { takeValidated } from "./validated.js";

/** The ToolError behind each soft failure `ToolBase.call` answered. */
const raisedBy = new WeakMap<ToolOutput, ToolError>();

/**
 * The ToolError a `ToolBase` tool raised for this soft failure, so
 * middleware can tell its kind (retry never repeats `InvalidInput`, trace
 * records the kind) now that the tool answers it instead of throwing it.
 * `undefined` for any other output.
 */
export function toolErrorOf(output: ToolOutput): ToolError | undefined {
  return raisedBy.get(output);
}

/**
 * The one base of every Toolkit tool: it validates the input once, runs the
 * tool's work, and applies one failure rule.
 *
 * - **Validation.** Input that dispatch already validated against this
 *   tool's schema (see `markInputValidated`) is not validated again; input
 *   from anyone else (a direct `tool.call()`) is normalized
 *   (`normalizeInput`) and validated here, so the tool fails closed.
 *   `prepareInput` is the tool's own parse, for defaults only.
 * - **Failures.** An error the model can fix — a `ToolError`, or what
 *   `toolError()` maps to one (fs maps errno errors) — becomes a soft failure
 *   (`isError`, the message and the advice). Anything else is a bug and is
 *   thrown; dispatch answers it as `Tool 'x' threw: ...`.
 * - **Retention.** `finish()` sees every reply, success or failure, so a
 *   family sets its retention in one place.
 *
 * @example
 * class Shout extends ToolBase<{ text: string }> {
 *   readonly name = "Shout";
 *   readonly description = "Repeats the text in capitals.";
 *   protected readonly inputSchema = {
 *     type: "object",
 *     properties: { text: { type: "string" } },
 *     required: ["text"],
 *     additionalProperties: false,
 *   };
 *   protected run({ text }: { text: string }) {
 *     if (text === "") throw ToolError.invalidInput("`text` is empty");
 *     return text.toUpperCase();
 *   }
 * }
 */
export abstract class ToolBase<I = unknown> implements Tool {
  /** Unique id on the wire. */
  abstract readonly name: string;
  /** Tells the model what the tool does. */
  abstract readonly description: string;
  /** The JSON Schema the model is shown and the input is validated against. */
  protected abstract readonly inputSchema: JsonSchema;
  #schema: ToolSchema | undefined;

  /**
   * The tool's work, on input that matches the schema. Returns a
   * ToolOutput, text, or any JSON value (see `toToolOutput`); throws a
   * ToolError for what the model can fix.
   */
  protected abstract run(input: I, ctx: ToolContext): unknown;

  /** `{ tool, description, input_schema }`, built once and frozen. */
  schema(): ToolSchema {
    this.#schema ??= Object.freeze({
      tool: this.name,
      description: this.description,
      input_schema: this.inputSchema,
    });
    return this.#schema;
  }

  /**
   * Maps accepted aliases to the canonical input before validation (pure).
   * Dispatch calls it before validating; a direct call goes through it in
   * `parseInput`. [identity]
   */
  normalizeInput(input: unknown): unknown {
    return input;
  }

  /** Validates (unless dispatch did), runs, and applies the failure rule and `finish`. */
  async call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    try {
      this.beforeCall(ctx);
      const checked = takeValidated(input, this.schema().input_schema);
      // Input nobody checked may be too deep or cyclic for normalizeInput and validation to walk.
      if (!checked) checkInputShape(input);
      const parsed = await (checked ? this.prepareInput(input) : this.parseInput(input));
      return this.finish(toToolOutput(await this.run(parsed, ctx)));
    } catch (error) {
      const failure = this.toolError(error);
      if (failure === undefined) throw error;
      const output = this.finish(failure.toOutput());
      raisedBy.set(output, failure);
      return output;
    }
  }

  /** Runs first on every call, before the input is read; throw a ToolError to refuse the call. [nothing] */
  protected beforeCall(_ctx: ToolContext): void {}

  /**
   * The path of input dispatch did not validate: `normalizeInput`, then
   * validation against the schema (an error names each renamed field as the
   * model sent it), then `prepareInput`.
   */
  protected parseInput(input: unknown): I | Promise<I> {
    const normalized = this.normalizeInput(input);
    let valid: unknown;
    try {
      valid = validateInput(this.schema().input_schema, normalized);
    } catch (error) {
      throw normalized === input ? error : nameFieldsAsSent(error, renamedFields(input, normalized));
    }
    return this.prepareInput(valid);
  }

  /** The tool's own parse of valid input: defaults, never checks the schema already made. [identity] */
  protected prepareInput(valid: unknown): I | Promise<I> {
    return valid as I;
  }

  /**
   * The ToolError a thrown value stands for, or `undefined` for a bug (which
   * `call` rethrows). [a ToolError, of any copy of core, as it is]
   */
  protected toolError(error: unknown): ToolError | undefined {
    return ToolError.is(error) ? error : undefined;
  }

  /** Every reply passes here once, success or soft failure: set retention here. [identity] */
  protected finish(output: ToolOutput): ToolOutput {
    return output;
  }
}

/**
 * A ToolOutput as is (also one from another copy of this package), a string
 * as text, anything else as structured JSON.
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (ToolOutput.is(value)) return value;
  if (typeof value === "string") return ToolOutput.text(value);
  return ToolOutput.structured(value);
}
