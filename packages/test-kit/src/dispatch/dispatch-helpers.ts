// Registries and calls for tests that drive dispatch and its middleware.
import { createToolContext, FnTool, type JsonSchema, type Tool, type ToolContext } from "@toolkit/core";
import {
  type DispatchCall,
  type DispatchResult,
  dispatch,
  type Middleware,
  ToolRegistry,
} from "@toolkit/registry";

/** A registry holding the given tools, with a silent logger. */
export function registryWith(...tools: Tool[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  for (const tool of tools) registry.register(tool);
  return registry;
}

/** Dispatches one call through the middleware and returns its result. */
export async function runOne(
  registry: ToolRegistry,
  middleware: readonly Middleware[],
  call: { name: string; input: unknown; id?: string },
  options: { ctx?: ToolContext; turn?: number; advertised?: string[] } = {},
): Promise<DispatchResult> {
  const [result] = await dispatch(
    registry,
    [{ id: call.id ?? "call_1", name: call.name, input: call.input }],
    {
      middleware,
      ...options,
    },
  );
  if (!result) throw new Error("dispatch returned no result");
  return result;
}

/** A tool with an open object schema whose body the test supplies. */
export function fnTool(
  name: string,
  body: (input: Record<string, unknown>, ctx: ToolContext) => unknown,
  properties: JsonSchema = {},
): FnTool<Record<string, unknown>> {
  return new FnTool<Record<string, unknown>>(
    name,
    `Test tool ${name}.`,
    { type: "object", properties },
    body,
  );
}

/** A DispatchCall built by hand, for layers tested without dispatch. */
export function callOf(
  tool: Tool | undefined,
  input: unknown,
  extra: Partial<DispatchCall> = {},
): DispatchCall {
  return {
    id: "call_1",
    name: tool?.name ?? "missing",
    tool,
    input,
    turn: 0,
    ctx: createToolContext({ cwd: "/repo", isNonInteractive: true }),
    rejection: undefined,
    ...extra,
  };
}
