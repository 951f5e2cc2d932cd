import type { Tool, ToolContext, ToolOutput, ToolSchema } from "@toolkit/core";
import type { z } from "zod";
import { DefineToolError } from "./define-tool-error.js";
import { DerivedTool } from "./derived-tool.js";
import { type Definition, resolveDefinition } from "./resolve-definition.js";
import type { InputSchema, RunResult, TraitOptions } from "./types.js";

/** Options for `defineToolClass`: every `defineTool` option but `run`, which the subclass defines. */
export interface DefineToolClassOptions<S extends InputSchema> extends TraitOptions<S> {
  /** A zod object schema of the arguments, as for `defineTool`. */
  input: S;
}

/**
 * The base of every class `defineToolClass` makes: a Tool whose input is
 * parsed by the zod schema and handed to the subclass's `run`. Extend the
 * class `defineToolClass` returns rather than this one.
 */
export abstract class DerivedToolBase<S extends InputSchema> implements Tool {
  readonly name: string;
  readonly description: string;
  /** The zod schema the input is parsed with. */
  readonly input: S;
  readonly #tool: DerivedTool<S>;

  protected constructor(definition: Definition<S>) {
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
    this.#tool = new DerivedTool(definition, (input, ctx) => this.run(input, ctx));
  }

  /** Does the work. Receives the input zod parsed; returns a ToolOutput, a string or any JSON value. */
  abstract run(input: z.output<S>, ctx: ToolContext): RunResult | Promise<RunResult>;

  schema(): ToolSchema {
    return this.#tool.schema();
  }
  call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    return this.#tool.call(input, ctx);
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
