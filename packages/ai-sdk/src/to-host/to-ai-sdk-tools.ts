import {
  type JsonSchema,
  restoreAbsent,
  strictSchema,
  type Tool as ToolkitTool,
  type ToolSchema,
} from "@toolkit/core";
import type { ToolRegistry } from "@toolkit/registry";
import { adaptRegistry, type DispatchOne, type ResolvedApproval } from "@toolkit/registry/adapter";
import { jsonSchema, type Tool, type ToolSet, tool } from "ai";
import { type AiSdkToolResult, toAiSdkToolResult } from "../output/ai-sdk-tool-result.js";
import { resolveAiSdkApproval } from "./approval-policy.js";
import type { ResolvedOptions, ToAiSdkToolsOptions } from "./options.js";
import { isAiSdkToolResult } from "../output/is-ai-sdk-tool-result.js";
import { toModelOutput } from "../output/to-model-output.js";
import { AiSdkToolError } from "../output/ai-sdk-tool-error.js";
import type { AiSdkToolProgress } from "../progress/ai-sdk-tool-progress.js";
import { streamWithProgress } from "../progress/stream-with-progress.js";

/**
 * Turns the registry's advertised tools into an AI SDK `ToolSet`. Every call
 * the AI SDK makes goes through `dispatch`: validated against the very schema
 * the model was shown, run through the middleware pipeline, cancelled by the
 * AI SDK's `abortSignal`. A soft failure is thrown as a `AiSdkToolError`,
 * so the AI SDK records a `tool-error` in `steps` and sends the model its
 * text (the failure and its advice) as `error-text`; the run goes on. Each
 * `execute` is an async iterable: the call's progress (`ctx.progress`)
 * streams as preliminary results (`{ type: "progress", update }`), then the
 * final result, the only one the model sees (`preliminaryResults: false`
 * makes `execute` a plain async function). The set is a snapshot of the surface: call again before the
 * next `generateText` to pick up registry changes (within a run,
 * `prepareStep` can narrow it with `activeTools`).
 *
 * @example
 * const result = await generateText({
 *   model,
 *   tools: toAiSdkTools(registry, { middleware: [timeout({ seconds: 30 })] }),
 *   stopWhen: stepCountIs(5),
 *   prompt: "What is in README.md?",
 * });
 */
export function toAiSdkTools(registry: ToolRegistry, options: ToAiSdkToolsOptions = {}): ToolSet {
  const settings = { fn: "toAiSdkTools", strict: false };
  const { options: resolved, surface, run } = adaptRegistry(registry, options, settings);
  const { preliminaryResults = true } = options;
  if (typeof preliminaryResults !== "boolean") {
    throw new TypeError(
      `toAiSdkTools: \`preliminaryResults\` must be a boolean, got ${typeof preliminaryResults}`,
    );
  }
  const entries: Array<[string, Tool<unknown, AiSdkResult>]> = [];
  for (const schema of surface.schemas) {
    const registered = registry.get(schema.tool);
    if (registered) entries.push([schema.tool, adapt(run, registered, schema, resolved, preliminaryResults)]);
  }
  // fromEntries defines own properties, so a tool named `__proto__` stays a tool.
  return Object.fromEntries(entries);
}

/** What an adapted tool's `execute` yields: progress while it runs, then its result. */
type AiSdkResult = AiSdkToolResult | AiSdkToolProgress;

function adapt(
  run: DispatchOne,
  registered: ToolkitTool,
  schema: ToolSchema,
  o: ResolvedOptions,
  preliminaryResults: boolean,
): Tool<unknown, AiSdkResult> {
  const shown = o.strict ? strictSchema(schema.input_schema) : schema.input_schema;
  const approval = resolveAiSdkApproval(o.needsApproval, registered);
  const final = async (
    input: unknown,
    toolCallId: string,
    abortSignal: AbortSignal | undefined,
    onProgress?: Parameters<DispatchOne>[2],
  ) => {
    const output = await run({ id: toolCallId, name: schema.tool, input }, abortSignal, onProgress);
    const result = toAiSdkToolResult(output);
    if (result.isError) throw new AiSdkToolError(result);
    return result;
  };
  return tool<unknown, AiSdkResult>({
    description: schema.description,
    inputSchema: jsonSchema<unknown>(asJsonSchema7(shown)),
    ...(o.strict ? { strict: true } : {}),
    needsApproval: approvalHook(approval, schema.input_schema, o.strict),
    execute: preliminaryResults
      ? (input, { abortSignal, toolCallId }) =>
          streamWithProgress<AiSdkToolProgress, AiSdkToolResult>((report) =>
            final(input, toolCallId, abortSignal, ({ callId: _id, tool: _tool, ...update }) =>
              report({ type: "progress", update }),
            ),
          )
      : (input, { abortSignal, toolCallId }) => final(input, toolCallId, abortSignal),
    toModelOutput({ output }) {
      return isAiSdkToolResult(output) ? toModelOutput(output) : { type: "text", value: String(output) };
    },
  });
}

type NeedsApproval = NonNullable<Tool<unknown, AiSdkResult>["needsApproval"]>;

function approvalHook(
  approval: ResolvedApproval<string>,
  original: JsonSchema,
  strict: boolean,
): NeedsApproval {
  if (typeof approval === "boolean") return approval;
  return (input, { toolCallId }) => approval(strict ? restoreAbsent(original, input) : input, toolCallId);
}

type JsonSchema7 = Exclude<Parameters<typeof jsonSchema>[0], PromiseLike<unknown> | (() => unknown)>;

/**
 * Our JsonSchema is any JSON object; the AI SDK types its input as
 * `JSONSchema7`, whose fields are narrower. The schema is passed through
 * untouched, so the cast only restates what the provider receives.
 */
function asJsonSchema7(schema: JsonSchema): JsonSchema7 {
  return schema as JsonSchema7;
}
