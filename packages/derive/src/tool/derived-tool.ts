import { type JsonSchema, ToolBase, type ToolContext } from "@toolkit/core";
import type { z } from "zod";
import { parseInput, parseValidInput, tryParse } from "./parse-input.js";
import type { Definition } from "../definition/resolve-definition.js";
import type { InputSchema, RunFunction, RunResult } from "../definition/types.js";

/**
 * The Tool `defineTool` returns, on core's `ToolBase`. Its input is parsed by
 * the zod schema before `run` sees it; bad input is a soft failure of kind
 * `InvalidInput`. Input dispatch validated is only run through zod's
 * refinements, defaults and transforms.
 */
export class DerivedTool<S extends InputSchema> extends ToolBase<z.output<S>> {
  readonly name: string;
  readonly description: string;
  /** The zod schema the input is parsed with. */
  readonly input: S;
  protected readonly inputSchema: JsonSchema;
  readonly #definition: Definition<S>;
  readonly #run: RunFunction<S>;

  /** Use `defineTool` or `defineToolClass`; the definition must come from `resolveDefinition`. */
  constructor(definition: Definition<S>, run: RunFunction<S>) {
    super();
    this.name = definition.name;
    this.description = definition.description;
    this.input = definition.input;
    this.inputSchema = definition.inputSchema;
    this.#definition = definition;
    this.#run = run;
  }

  /** zod and the advertised schema together, so each problem is named once. */
  protected override parseInput(input: unknown): Promise<z.output<S>> {
    return parseInput({ input: this.input, inputSchema: this.inputSchema, value: input });
  }

  protected override prepareInput(valid: unknown): Promise<z.output<S>> {
    return parseValidInput(this.input, valid);
  }

  protected run(input: z.output<S>, ctx: ToolContext): RunResult | Promise<RunResult> {
    return this.#run(input, ctx);
  }

  isConcurrencySafe(): boolean {
    return this.#definition.concurrencySafe;
  }
  isSafeForConcurrentExecution(input: unknown): boolean {
    const { concurrencyCheck, concurrencySafe } = this.#definition;
    if (!concurrencyCheck) return concurrencySafe;
    const parsed = tryParse(this.#definition.input, input);
    return parsed ? concurrencyCheck(parsed.data) : false;
  }
  resourceKey(input: unknown): string | undefined {
    const { resourceKey } = this.#definition;
    if (!resourceKey) return undefined;
    const parsed = tryParse(this.#definition.input, input);
    return parsed ? resourceKey(parsed.data) : undefined;
  }
  isReadOnly(): boolean {
    return this.#definition.readOnly;
  }
  systemPrompt(): string | undefined {
    return this.#definition.systemPrompt;
  }
  recordsTrajectory(): boolean {
    return this.#definition.recordsTrajectory;
  }
  isIdempotent(): boolean {
    return this.#definition.idempotent ?? this.#definition.readOnly;
  }
}
