import type { Tool, ToolContext, ToolOutput, ToolSchema } from "@toolkit/core";
import type { z } from "zod";
import { DefineToolError } from "./define-tool-error.js";
import { DerivedTool } from "./derived-tool.js";
import { resolveDefinition } from "./resolve-definition.js";
import type { InputSchema, RunResult, TraitOptions } from "./types.js";

/** Options for `defineToolClass`: every `defineTool` option but `run`, which the subclass defines. */
export interface DefineToolClassOptions<S extends InputSchema> extends TraitOptions<S> {
  /** A zod object schema of the arguments, as for `defineTool`. */
  input: S;
}

/** An instance of a class made by `defineToolClass`: a Tool with the subclass's `run`. */
export interface ToolClassInstance<S extends InputSchema> extends Tool {
  /** The zod schema the input is parsed with. */
  readonly input: S;
  /** Does the work; the subclass defines it. Receives the parsed input. */
  run(input: z.output<S>, ctx: ToolContext): RunResult | Promise<RunResult>;
}

/** The base class `defineToolClass` returns; its static `input` is the schema. */
export type ToolClass<S extends InputSchema> = (abstract new () => ToolClassInstance<S>) & {
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

  abstract class DerivedToolBase implements Tool {
    static readonly input: S = definition.input;
    readonly name = definition.name;
    readonly description = definition.description;
    readonly input: S = definition.input;
    readonly #tool: DerivedTool<S>;

    constructor() {
      const run: unknown = Reflect.get(this, "run");
      if (typeof run !== "function") {
        throw new DefineToolError(
          `defineToolClass: ${new.target.name || "the subclass"} of tool '${definition.name}' must define a \`run(input, ctx)\` method`,
          { option: "run" },
        );
      }
      this.#tool = new DerivedTool(definition, (input, ctx) => this.run(input, ctx));
    }

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
  return DerivedToolBase;
}
