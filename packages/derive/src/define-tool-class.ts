import { type JsonSchema, ToolBase, type ToolContext } from "@toolkit/core";
import type { z } from "zod";
import { DefineToolError } from "./definition/define-tool-error.js";
import { DerivedTool } from "./tool/derived-tool.js";
import { parseInput, parseValidInput } from "./tool/parse-input.js";
import { type Definition, resolveDefinition } from "./definition/resolve-definition.js";
import type { InputSchema, RunResult, TraitOptions } from "./definition/types.js";

/** Options for `defineToolClass`: every `defineTool` option but `run`, which the subclass defines. */
export interface DefineToolClassOptions<S extends InputSchema> extends TraitOptions<S> {
  /** A zod object schema of the arguments, as for `defineTool`. */
  input: S;
}

/**
 * The base of every class `defineToolClass` makes, on core's `ToolBase`: a
 * Tool whose input is parsed by the zod schema and handed to the subclass's
 * `run`, with the failure rule of every tool (a ToolError is a soft failure).
 * Extend the class `defineToolClass` returns rather than this one.
 */
export abstract class DerivedToolBase<S extends InputSchema> extends ToolBase<z.output<S>> {
  readonly name: string;
  readonly description: string;
  /** The zod schema the input is parsed with. */
  readonly input: S;
  protected readonly inputSchema: JsonSchema;
  /** The same definition as a DerivedTool, which answers the trait questions. */
  readonly #tool: DerivedTool<S>;

  protected constructor(definition: Definition<S>) {
    super();
    const run: unknown = Reflect.get(this, "run");
    if (typeof run !== "function") {
      throw new DefineToolError(
        `defineToolClass: ${new.target.name || "the subclass"} of tool '${definition.name}' must define a \`run(input, ctx)\` method`,
        { option: "run" },
      );
    }
    this.name = definition.name;
    this.description = definition.description;
    this.input = definition.input;
    this.inputSchema = definition.inputSchema;
    this.#tool = new DerivedTool(definition, (input, ctx) => this.run(input, ctx));
  }

  /** Does the work. Receives the input zod parsed; returns a ToolOutput, a string or any JSON value. */
  abstract override run(input: z.output<S>, ctx: ToolContext): RunResult | Promise<RunResult>;

  /** zod and the advertised schema together, so each problem is named once. */
  protected override parseInput(input: unknown): Promise<z.output<S>> {
    return parseInput({ input: this.input, inputSchema: this.inputSchema, value: input });
  }
  protected override prepareInput(valid: unknown): Promise<z.output<S>> {
    return parseValidInput(this.input, valid);
  }
  isConcurrencySafe(): boolean {
    return this.#tool.isConcurrencySafe();
  }
  isSafeForConcurrentExecution(input: unknown): boolean {
    return this.#tool.isSafeForConcurrentExecution(input);
  }
  resourceKey(input: unknown): string | undefined {
    return this.#tool.resourceKey(input);
  }
  isReadOnly(): boolean {
    return this.#tool.isReadOnly();
  }
  systemPrompt(): string | undefined {
    return this.#tool.systemPrompt();
  }
  recordsTrajectory(): boolean {
    return this.#tool.recordsTrajectory();
  }
  isIdempotent(): boolean {
    return this.#tool.isIdempotent();
  }
}

/** The class `defineToolClass` returns: extend it and define `run`. Its static `input` is the schema. */
export type ToolClass<S extends InputSchema> = (abstract new () => DerivedToolBase<S>) & {
  /** The zod schema the input is parsed with. */
  readonly input: S;
};

/**
 * A base class for a tool defined by a zod schema: extend it and write a
 * `run` method. The definition is checked once, when `defineToolClass` is
 * called, with the same rules and errors as `defineTool`. A subclass may
 * override any trait method (`isReadOnly()`, `resourceKey(input)`, ...) and
 * take constructor arguments of its own.
 *
 * @example
 * class Echo extends defineToolClass({ input: EchoInput, readOnly: true }) {
 *   run({ text }: z.output<typeof EchoInput>) {
 *     return text;
 *   }
 * }
 */
export function defineToolClass<S extends InputSchema>(options: DefineToolClassOptions<S>): ToolClass<S> {
  const definition = resolveDefinition(options);
  abstract class DefinedTool extends DerivedToolBase<S> {
    static readonly input: S = definition.input;
    constructor() {
      super(definition);
    }
  }
  return DefinedTool;
}
