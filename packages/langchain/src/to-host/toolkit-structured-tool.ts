import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import type { ToolCall } from "@langchain/core/messages/tool";
import {
  StructuredTool,
  type StructuredToolCallInput,
  ToolInputParsingException,
  type ToolReturnType,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import type { JsonSchema7Type } from "@langchain/core/utils/json_schema";
import type { JsonSchema, ToolSchema } from "@toolkit/core";
import type { DispatchOne } from "@toolkit/registry/adapter";
import { type ContentAndArtifact, toContentAndArtifact } from "../output/to-tool-message.js";
import { progressReporter } from "./progress-reporter.js";

type Input = StructuredToolCallInput<JsonSchema7Type, unknown>;

/**
 * A registry tool as a LangChain StructuredTool: its JSON Schema is what the
 * model sees, and every call goes through `dispatch`.
 */
export class ToolkitStructuredTool extends StructuredTool<
  JsonSchema7Type,
  unknown,
  unknown,
  ContentAndArtifact
> {
  override name: string;
  override description: string;
  override schema: JsonSchema7Type;
  override responseFormat = "content_and_artifact";
  readonly #run: DispatchOne;

  /** Built by `toLangChainTools`; `run` is the adapted set's path into dispatch. */
  constructor(schema: ToolSchema, run: DispatchOne) {
    super();
    this.name = schema.tool;
    this.description = schema.description;
    this.schema = asJsonSchema7(schema.input_schema);
    this.#run = run;
  }

  /**
   * LangChain validates the input before `_call` and throws when it does not
   * match; such a call is answered by dispatch instead, so the model reads the
   * same soft `Invalid input: ...` error (a ToolMessage with `status: "error"`)
   * as for any other failure, and the middleware sees the rejected call.
   */
  override async call<TArg extends Input, TConfig extends ToolRunnableConfig | undefined>(
    arg: TArg,
    configArg?: TConfig,
    tags?: string[],
  ): Promise<ToolReturnType<TArg, TConfig, ContentAndArtifact>> {
    try {
      return await super.call(arg, configArg, tags);
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      const toolCall = isToolCall(arg) ? arg : configArg?.toolCall;
      const input = isToolCall(arg) ? arg.args : arg;
      const [content] = await this.#answer(input, toolCall?.id, configArg);
      return asReturn<TArg, TConfig>(content);
    }
  }

  protected override async _call(
    arg: unknown,
    runManager?: CallbackManagerForToolRun,
    parentConfig?: ToolRunnableConfig,
  ): Promise<ContentAndArtifact> {
    // Custom events belong to this tool's run: its child callbacks, as LangChain's own `tool()` does.
    const config =
      parentConfig && runManager ? { ...parentConfig, callbacks: runManager.getChild() } : parentConfig;
    return this.#answer(arg, parentConfig?.toolCall?.id, config);
  }

  async #answer(input: unknown, toolCallId: string | undefined, config: ToolRunnableConfig | undefined) {
    const id = toolCallId ?? `toolkit-${globalThis.crypto.randomUUID()}`;
    const reporter = progressReporter(config);
    const output = await this.#run({ id, name: this.name, input }, config?.signal, reporter?.report);
    // Every update is handed to LangChain's callbacks before the result.
    await reporter?.settled();
    return toContentAndArtifact(output, { toolCallId, name: this.name });
  }
}

/** LangChain's own test: a ToolCall carries `type: "tool_call"`. */
function isToolCall(value: unknown): value is ToolCall {
  return value !== null && typeof value === "object" && "type" in value && value.type === "tool_call";
}

/**
 * LangChain types JSON Schema inputs as `JsonSchema7Type`, narrower than a
 * registry schema (any JSON object); the schema is passed through untouched.
 */
function asJsonSchema7(schema: JsonSchema): JsonSchema7Type {
  return schema as JsonSchema7Type;
}

/**
 * `call`'s return type depends on its generic arguments; the error path
 * returns what `super.call` would have: a ToolMessage for a ToolCall, else
 * the content.
 */
function asReturn<TArg, TConfig>(
  content: ContentAndArtifact[0],
): ToolReturnType<TArg, TConfig, ContentAndArtifact> {
  return content as ToolReturnType<TArg, TConfig, ContentAndArtifact>;
}
