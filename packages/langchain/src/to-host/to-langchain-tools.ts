import type { ToolRegistry } from "@toolkit/registry";
import { adaptRegistry } from "@toolkit/registry/adapter";
import type { ToLangChainToolsOptions } from "./options.js";
import { ToolkitStructuredTool } from "./toolkit-structured-tool.js";

/**
 * Turns the registry's advertised tools into LangChain StructuredTools (JSON
 * Schema input, `responseFormat: "content_and_artifact"`). Invoked with a
 * ToolCall, each returns a ToolMessage: text or JSON as content, a structured
 * result's value as the artifact, images as standard image blocks, and a soft
 * failure with `status: "error"`. Every call goes through `dispatch`: the
 * schema the model sees is the one validated, the middleware pipeline runs,
 * and the invocation's `signal` reaches the tool. A snapshot of the surface:
 * call again to pick up registry changes.
 *
 * @example
 * const tools = toLangChainTools(registry, { middleware: [timeout({ seconds: 30 })] });
 * const ai = await model.bindTools(tools).invoke(messages);
 * for (const call of ai.tool_calls ?? []) messages.push(await byName.get(call.name).invoke(call));
 */
export function toLangChainTools(
  registry: ToolRegistry,
  options: ToLangChainToolsOptions = {},
): ToolkitStructuredTool[] {
  const { surface, run } = adaptRegistry(registry, options, { fn: "toLangChainTools" });
  return surface.schemas.map((schema) => new ToolkitStructuredTool(schema, run));
}
