import { type Tool, type ToolContext, type ToolOutput, type ToolSchema, toToolOutput } from "@toolkit/core";
import { parseInput, tryParse } from "./parse-input.js";
import type { Definition } from "./resolve-definition.js";
import type { InputSchema, RunFunction } from "./types.js";

/**
 * The Tool `defineTool` returns. Its input is parsed by the zod schema before
 * `run` sees it; bad input is a ToolError of kind `InvalidInput`.
 */
export class DerivedTool<S extends InputSchema> implements Tool {
  readonly name: string;
  readonly description: string;
  /** The zod schema the input is parsed with. */
  readonly input: S;
  readonly #definition: Definition<S>;
  readonly #schema: ToolSchema;
  readonly #run: RunFunction<S>;

  /** Use `defineTool` or `defineToolClass`; the definition must come from `resolveDefinition`. */
  constructor(definition: Definition<S>, run: RunFunction<S>) {
    this.name = definition.name;
    this.description = definition.description;
    this.input = definition.input;
    this.#definition = definition;
    this.#schema = Object.freeze({
      tool: definition.name,
      description: definition.description,
      input_schema: definition.inputSchema,
    });
    this.#run = run;
  }

  schema(): ToolSchema {
    return this.#schema;
  }

  async call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    const { input: zodSchema, inputSchema } = this.#definition;
    const parsed = await parseInput({ input: zodSchema, inputSchema, value: input });
    return toToolOutput(await this.#run(parsed, ctx));
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
