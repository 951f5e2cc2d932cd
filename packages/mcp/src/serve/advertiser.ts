import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema, Tool } from "@toolkit/core";
import type { RegistryLogger, ToolRegistry } from "@toolkit/registry";
import { checkSchemas } from "./check-schemas.js";
import { checkMetadata, isMcpToolName, MCP_TOOL_NAME_RULE } from "./tool-metadata.js";
import { toolAnnotations } from "./tool-annotations.js";

/** One advertised tool: what `tools/list` shows and what `tools/call` needs. */
export interface AdvertisedTool {
  readonly tool: Tool;
  readonly definition: McpToolDefinition;
  readonly outputSchema: JsonSchema | undefined;
}

/** The tools a registry advertises over MCP at one registry version. */
export interface Advertised {
  readonly version: number;
  /** Registration order. */
  readonly tools: readonly AdvertisedTool[];
  readonly byName: ReadonlyMap<string, AdvertisedTool>;
}

/**
 * Returns a function that maps a registry's surface to MCP tool definitions,
 * in registration order, skipping (with one warning per tool and problem)
 * every tool whose schemas fail the check. The mapping is cached per registry
 * version.
 */
export function createAdvertiser({
  registry,
  logger,
}: {
  registry: ToolRegistry;
  logger: RegistryLogger;
}): () => Advertised {
  const warned = new Set<string>();
  let cached: Advertised | undefined;
  return function advertised() {
    const { version, schemas } = registry.versionedSurface();
    if (cached?.version === version) return cached;
    const tools: AdvertisedTool[] = [];
    for (const schema of schemas) {
      const tool = registry.get(schema.tool);
      if (!tool) continue;
      const check = checkSchemas(tool, schema);
      const metadata = checkMetadata(tool);
      if (!isMcpToolName(schema.tool) || !check.ok || !metadata.ok) {
        const reason = !isMcpToolName(schema.tool)
          ? `its name is outside the MCP rule (${MCP_TOOL_NAME_RULE})`
          : !check.ok
            ? check.reason
            : metadata.ok
              ? ""
              : metadata.reason;
        const warning = `serveRegistry: tool '${schema.tool}' is not advertised: ${reason}`;
        if (!warned.has(warning)) {
          warned.add(warning);
          logger.warn(warning);
        }
        continue;
      }
      const definition: McpToolDefinition = {
        name: schema.tool,
        description: schema.description,
        inputSchema: { ...check.inputSchema, type: "object" },
        annotations: toolAnnotations(tool),
      };
      if (metadata.title !== undefined) definition.title = metadata.title;
      if (metadata.icons !== undefined) definition.icons = metadata.icons;
      if (check.outputSchema) definition.outputSchema = { ...check.outputSchema, type: "object" };
      tools.push({ tool, definition, outputSchema: check.outputSchema });
    }
    cached = { version, tools, byName: new Map(tools.map((t) => [t.tool.name, t])) };
    return cached;
  };
}
