import { type FunctionTool, tool } from "@openai/agents";
import { type JsonSchema, restoreAbsent, strictSchema, type Tool, type ToolSchema } from "@toolkit/core";
import type { ToolRegistry } from "@toolkit/registry";
import {
  adaptRegistry,
  type DispatchOne,
  type ResolvedApproval,
  resolveApproval,
} from "@toolkit/registry/adapter";
import type { ResolvedOptions, ToAgentsToolsOptions } from "./options.js";
import { type AgentsToolOutput, toAgentsOutput } from "../output/to-agents-output.js";
import { toolErrorText } from "../output/tool-error-text.js";
import { AgentsToolError } from "../output/agents-tool-error.js";

/** A function tool made by `toAgentsTools`. */
export type AgentsFunctionTool = FunctionTool<unknown, JsonParameters, AgentsToolOutput>;

/**
 * Turns the registry's advertised tools into `@openai/agents` function tools.
 * Each shows the model `strictSchema()` of its input schema with
 * `strict: true`; every call goes through `dispatch` with `strict: true`
 * (validated against that schema, the model's nulls mapped back to absent),
 * the middleware pipeline runs, the run's abort signal reaches the tool, and
 * a soft failure is the tool's result, read by the model. A snapshot of the
 * surface: call again to pick up registry changes.
 *
 * @example
 * const agent = new Agent({ name: "coder", tools: toAgentsTools(registry, { needsApproval: "writes" }) });
 * const result = await run(agent, "Fix the failing test");
 */
export function toAgentsTools(
  registry: ToolRegistry,
  options: ToAgentsToolsOptions = {},
): AgentsFunctionTool[] {
  const settings = { fn: "toAgentsTools", strict: true };
  const { options: resolved, surface, run } = adaptRegistry(registry, options, settings);
  const hostNames = new Map<string, string>();
  const tools: AgentsFunctionTool[] = [];
  for (const schema of surface.schemas) {
    const registered = registry.get(schema.tool);
    if (!registered) continue;
    const adapted = adapt(run, registered, schema, resolved);
    const clash = hostNames.get(adapted.name);
    if (clash !== undefined) {
      throw new TypeError(
        `toAgentsTools: the tools '${clash}' and '${schema.tool}' both become '${adapted.name}' in the Agents SDK (it replaces characters other than letters and digits); rename one or leave one out with \`selector\``,
      );
    }
    hostNames.set(adapted.name, schema.tool);
    tools.push(adapted);
  }
  return tools;
}

function adapt(
  run: DispatchOne,
  registered: Tool,
  schema: ToolSchema,
  o: ResolvedOptions,
): AgentsFunctionTool {
  const original = schema.input_schema;
  const restore = (input: unknown) => (o.strict ? restoreAbsent(original, input) : input);
  const common = {
    name: schema.tool,
    description: schema.description,
    needsApproval: approvalHook(resolveApproval(o.needsApproval, registered), restore),
    errorFunction: (_run: unknown, error: unknown) => toolErrorText(schema.tool, error),
    async execute(input: unknown, _run: unknown, details?: ToolCallDetails): Promise<AgentsToolOutput> {
      const id = details?.toolCall?.callId ?? `toolkit-${globalThis.crypto.randomUUID()}`;
      const output = await run({ id, name: schema.tool, input }, details?.signal);
      if (output.isError) throw new AgentsToolError(output);
      return toAgentsOutput(output);
    },
  };
  if (o.strict) {
    return tool<StrictParameters, unknown, AgentsToolOutput>({
      ...common,
      strict: true,
      parameters: asParameters<StrictParameters>(strictSchema(original)),
    });
  }
  return tool<LooseParameters, unknown, AgentsToolOutput>({
    ...common,
    strict: false,
    parameters: asParameters<LooseParameters>(original),
  });
}

/** The Agents SDK awaits a boolean: a policy function's answer is awaited and coerced, a throw becomes a rejection. */
function approvalHook(approval: ResolvedApproval, restore: (input: unknown) => unknown) {
  if (typeof approval === "boolean") return approval;
  const ask = async (input: unknown, callId: string | undefined) => Boolean(await approval(input, callId));
  return (_run: unknown, input: unknown, callId?: string) => ask(restore(input), callId);
}

type ToolCallDetails = NonNullable<Parameters<FunctionTool["invoke"]>[2]>;
type JsonParameters = FunctionTool["parameters"];
type StrictParameters = Extract<JsonParameters, { additionalProperties: false }>;
type LooseParameters = Extract<JsonParameters, { additionalProperties: true }>;

/**
 * The Agents SDK types JSON parameters as an object schema with literal
 * `type: "object"` and `additionalProperties: false`; a registry schema is
 * any JSON object. The schema is passed through untouched (the SDK only
 * re-checks strictness), so the cast restates what it receives.
 */
function asParameters<P extends JsonParameters>(schema: JsonSchema): P {
  return schema as P;
}
