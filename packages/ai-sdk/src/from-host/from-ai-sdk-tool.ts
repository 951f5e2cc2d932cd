import {
  type JsonSchema,
  TOOL_NAME_PATTERN,
  type Tool as ToolkitTool,
  ToolError,
  ToolOutput,
} from "@toolkit/core";
import { checkHostToolFlags, createHostTool } from "@toolkit/registry/adapter";
import { asSchema, type Tool } from "ai";
import { fromModelOutput } from "../output/from-model-output.js";
import { toModelOutput } from "../output/to-model-output.js";
import { AiSdkToolError } from "../output/ai-sdk-tool-error.js";

/** Options for `fromAiSdkTool`. */
export interface FromAiSdkToolOptions {
  /** The description the model sees. @default the AI SDK tool's description */
  description?: string;
  /** The tool changes nothing (approvals and memoize treat it as read-only). @default false */
  readOnly?: boolean;
  /** Calls may run in parallel waves. @default the value of `readOnly` */
  concurrencySafe?: boolean;
}

/**
 * Wraps an AI SDK tool as a Toolkit Tool, so it joins a registry and runs
 * through dispatch and its middleware. The input schema is the tool's JSON
 * Schema (zod schemas converted with `io: "input"`, as the AI SDK does); the
 * tool's own validation still parses the input (applying zod defaults and
 * transforms) before `execute`. `ctx.signal` becomes `abortSignal`. The
 * result goes through the tool's `toModelOutput` when it has one; otherwise a
 * string is text and any other value a structured result.
 *
 * @example
 * registry.register(fromAiSdkTool("weather", weatherTool, { readOnly: true }));
 */
export function fromAiSdkTool(name: string, aiTool: Tool, options: FromAiSdkToolOptions = {}): ToolkitTool {
  const { description = aiTool?.description, readOnly = false, concurrencySafe = readOnly } = options;
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(
      `fromAiSdkTool: \`name\` must match ${TOOL_NAME_PATTERN}, got ${JSON.stringify(name)}`,
    );
  }
  if (!aiTool || typeof aiTool !== "object" || typeof aiTool.execute !== "function") {
    throw new TypeError(
      `fromAiSdkTool: \`aiTool\` must be an AI SDK tool with an \`execute\` function (a tool without one runs on the client and cannot be wrapped)`,
    );
  }
  if (typeof description !== "string" || description.trim() === "") {
    throw new TypeError(
      `fromAiSdkTool: the tool '${name}' has no description; pass \`description\` in the options`,
    );
  }
  checkHostToolFlags("fromAiSdkTool", { readOnly, concurrencySafe });
  const execute = aiTool.execute;
  const hostSchema = asSchema(aiTool.inputSchema);
  return createHostTool({
    name,
    description,
    inputSchema: toJsonSchema(name, hostSchema.jsonSchema),
    readOnly,
    concurrencySafe,
    async call(input, ctx) {
      let parsed: unknown = input;
      if (hostSchema.validate) {
        const result = await hostSchema.validate(input);
        if (!result.success) throw ToolError.invalidInput(result.error.message);
        parsed = result.value;
      }
      const toolCallId = `toolkit-${globalThis.crypto.randomUUID()}`;
      let output: unknown;
      try {
        output = await lastValue(execute(parsed, { toolCallId, messages: [], abortSignal: ctx.signal }));
      } catch (error) {
        // A tool adapted by toAiSdkTools reports its soft failure this way: keep it soft.
        if (error instanceof AiSdkToolError) return fromModelOutput(toModelOutput(error.result));
        throw error;
      }
      if (aiTool.toModelOutput)
        return fromModelOutput(await aiTool.toModelOutput({ toolCallId, input: parsed, output }));
      return typeof output === "string" ? ToolOutput.text(output) : ToolOutput.structured(output);
    },
  });
}

/** `execute` may return a value, a promise, or an async iterable of preliminary results ending in the final one. */
async function lastValue(result: unknown): Promise<unknown> {
  if (result !== null && typeof result === "object" && Symbol.asyncIterator in result) {
    let last: unknown;
    for await (const value of result as AsyncIterable<unknown>) last = value;
    return last;
  }
  return await result;
}

function toJsonSchema(name: string, schema: unknown): JsonSchema {
  if (
    schema !== null &&
    typeof schema === "object" &&
    "then" in schema &&
    typeof schema.then === "function"
  ) {
    throw new TypeError(
      `fromAiSdkTool: the input schema of '${name}' resolves asynchronously; await it and pass \`jsonSchema(resolved)\``,
    );
  }
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new TypeError(`fromAiSdkTool: the input schema of '${name}' is not a JSON Schema object`);
  }
  // A JSON Schema is plain JSON: round-tripping drops `undefined` members the converters may leave.
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}
