import {
  type JsonSchema,
  Retention,
  type Tool,
  type ToolContext,
  ToolError,
  type ToolOutput,
  type ToolSchema,
  validateInput,
} from "@toolkit/core";

/**
 * What every search tool shares: validation against the schema the model was
 * shown, soft errors for ToolErrors, retention `requery`, read-only and
 * concurrency-safe traits.
 */
export abstract class SearchTool<I> implements Tool {
  /** Wire name. */
  abstract readonly name: string;
  /** What the model reads about the tool. */
  abstract readonly description: string;
  /** The JSON Schema of the input. */
  protected abstract readonly inputSchema: JsonSchema;

  /** Runs the validated input. */
  protected abstract run(input: I, ctx: ToolContext): Promise<ToolOutput>;

  /** `{ tool, description, input_schema }`. */
  schema(): ToolSchema {
    return { tool: this.name, description: this.description, input_schema: this.inputSchema };
  }

  /** Validates, runs, and turns a ToolError into a soft failure. */
  async call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    try {
      if (ctx.signal.aborted) throw ToolError.cancelled();
      const output = await this.run(validateInput<I>(this.inputSchema, input), ctx);
      return output.withRetention(Retention.Requery);
    } catch (error) {
      if (ToolError.is(error)) return error.toOutput().withRetention(Retention.Requery);
      throw error;
    }
  }

  /** Search tools never change anything. */
  isReadOnly(): boolean {
    return true;
  }

  /** Search tools may run beside each other. */
  isConcurrencySafe(): boolean {
    return true;
  }
}
