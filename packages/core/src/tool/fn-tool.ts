import type { ToolContext } from "../context/context.js";
import { descriptorDigest } from "./digest.js";
import { isJsonObject, type JsonSchema } from "../json/json.js";
import type { ToolOutput } from "../output/output.js";
import { TOOL_NAME_PATTERN } from "./tool.js";
import { ToolBase } from "../tool-base/tool-base.js";

/** What an FnTool's function may return: an output, text, or any JSON-serialisable value. */
export type FnToolResult = ToolOutput | string | unknown;

/** The function behind an FnTool. It receives input already validated against the schema. */
export type FnToolFunction<I> = (input: I, ctx: ToolContext) => FnToolResult | Promise<FnToolResult>;

/**
 * A tool from a name, a description, a JSON Schema and a function, with
 * chainable traits, on `ToolBase`: the input is validated against the schema
 * before `fn` runs (once: not again when dispatch validated it), and a
 * ToolError `fn` throws comes back as a soft failure.
 *
 * @example
 * const add = new FnTool("add", "Adds two numbers.", {
 *   type: "object",
 *   properties: { a: { type: "number" }, b: { type: "number" } },
 *   required: ["a", "b"],
 * }, ({ a, b }: { a: number; b: number }) => String(a + b)).readOnly().concurrencySafe();
 */
export class FnTool<I = unknown> extends ToolBase<I> {
  readonly name: string;
  readonly description: string;
  protected readonly inputSchema: JsonSchema;
  readonly #fn: FnToolFunction<I>;
  #readOnly = false;
  #concurrencySafe = false;
  #concurrencyCheck: ((input: unknown) => boolean) | undefined;
  #resourceKey: ((input: unknown) => string | undefined) | undefined;
  #systemPrompt: string | undefined;
  #trajectory = true;
  #idempotent: boolean | undefined;
  #digest: string | undefined;

  constructor(name: string, description: string, inputSchema: JsonSchema, fn: FnToolFunction<I>) {
    if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
      throw new TypeError(
        `FnTool: \`name\` must match ${TOOL_NAME_PATTERN} (letters, digits, '.', '_', '-'; 1-128 characters), got ${JSON.stringify(name)}`,
      );
    }
    if (typeof description !== "string" || description.trim() === "") {
      throw new TypeError(
        `FnTool: \`description\` of tool '${name}' must be a non-empty string: it tells the model what the tool does`,
      );
    }
    if (!isJsonObject(inputSchema))
      throw new TypeError(`FnTool: \`inputSchema\` of tool '${name}' must be a JSON Schema object`);
    if (typeof fn !== "function") throw new TypeError(`FnTool: \`fn\` of tool '${name}' must be a function`);
    super();
    this.name = name;
    this.description = description;
    this.inputSchema = inputSchema;
    this.#fn = fn;
  }

  protected run(input: I, ctx: ToolContext): FnToolResult | Promise<FnToolResult> {
    return this.#fn(input, ctx);
  }

  /** Marks the tool read-only. */
  readOnly(value = true): this {
    this.#readOnly = value;
    return this;
  }
  /** Marks every call safe to run beside other safe calls. */
  concurrencySafe(value = true): this {
    this.#concurrencySafe = value;
    return this;
  }
  /** Decides concurrency safety per input (overrides `concurrencySafe()` for that decision). */
  withConcurrencyCheck(check: (input: I) => boolean): this {
    this.#concurrencyCheck = check as (input: unknown) => boolean;
    return this;
  }
  /** Calls whose keys are equal never share a wave. */
  withResourceKey(key: (input: I) => string | undefined): this {
    this.#resourceKey = key as (input: unknown) => string | undefined;
    return this;
  }
  /** Text appended to the system prompt while the tool is advertised. */
  withSystemPrompt(text: string): this {
    this.#systemPrompt = text;
    return this;
  }
  /** Trajectories record calls to this tool without their output. */
  withoutTrajectory(): this {
    this.#trajectory = false;
    return this;
  }
  /** Declares that repeating a call has the effect of one call (retry may repeat it). */
  idempotent(value = true): this {
    this.#idempotent = value;
    return this;
  }

  isConcurrencySafe(): boolean {
    return this.#concurrencySafe;
  }
  isSafeForConcurrentExecution(input: unknown): boolean {
    return this.#concurrencyCheck ? this.#concurrencyCheck(input) : this.#concurrencySafe;
  }
  resourceKey(input: unknown): string | undefined {
    return this.#resourceKey?.(input);
  }
  isReadOnly(): boolean {
    return this.#readOnly;
  }
  systemPrompt(): string | undefined {
    return this.#systemPrompt;
  }
  recordsTrajectory(): boolean {
    return this.#trajectory;
  }
  isIdempotent(): boolean {
    return this.#idempotent ?? this.#readOnly;
  }
  descriptorDigest(): string {
    this.#digest ??= descriptorDigest(this);
    return this.#digest;
  }
}
