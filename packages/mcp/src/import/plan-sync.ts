import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { canonicalJson, type JsonSchema, TOOL_NAME_PATTERN } from "@toolkit/core";
import { checkObjectSchema } from "../serve/check-schemas.js";

/** A remote tool to register under a local name, with its checked schemas. */
export interface PlannedTool {
  readonly name: string;
  readonly definition: McpToolDefinition;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema | undefined;
  /** Canonical JSON of the definition: equal fingerprints need no update. */
  readonly fingerprint: string;
}

/** What to change so the registry mirrors the server's list. */
export interface SyncPlan {
  readonly add: readonly PlannedTool[];
  readonly replace: readonly PlannedTool[];
  /** Local names of imported tools the server no longer lists (or that are now skipped). */
  readonly remove: readonly string[];
  /** Remote tools left out, with why; the importer warns once for each. */
  readonly skipped: readonly { readonly name: string; readonly reason: string }[];
}

/** Inputs of `planSync`. */
export interface PlanSyncOptions {
  /** The server's tools, in its order. */
  remote: readonly McpToolDefinition[];
  /** Imported tools now in the registry: local name to fingerprint. */
  current: ReadonlyMap<string, string>;
  /** Prepended to each remote name. */
  prefix: string;
  /** Keeps a remote tool when true. */
  filter: (tool: McpToolDefinition) => boolean;
  /** True when a local name is held by a tool this import does not own. */
  isTaken: (name: string) => boolean;
}

/**
 * Plans the registry update for a fresh `tools/list` (pure: no I/O). A tool
 * is skipped when the filter rejects it (silently), when its local name
 * breaks the MCP name rule or belongs to another tool, when the server lists
 * the name twice, or when its input or output schema is not a valid object
 * schema (checked with ajv).
 */
export function planSync({ remote, current, prefix, filter, isTaken }: PlanSyncOptions): SyncPlan {
  const add: PlannedTool[] = [];
  const replace: PlannedTool[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const kept = new Set<string>();
  for (const definition of remote) {
    if (!filter(definition)) continue;
    const name = `${prefix}${definition.name}`;
    const skip = (reason: string) => skipped.push({ name: definition.name, reason });
    if (!TOOL_NAME_PATTERN.test(name)) {
      skip(`its local name ${JSON.stringify(name)} does not match ${TOOL_NAME_PATTERN}`);
      continue;
    }
    if (kept.has(name)) {
      skip("the server lists the name more than once; the first one is kept");
      continue;
    }
    if (!current.has(name) && isTaken(name)) {
      skip(`the registry already holds another tool named '${name}'; import with a \`prefix\``);
      continue;
    }
    const inputSchema = checkObjectSchema(definition.inputSchema, "input schema");
    if (typeof inputSchema === "string") {
      skip(inputSchema);
      continue;
    }
    const outputSchema =
      definition.outputSchema === undefined
        ? undefined
        : checkObjectSchema(definition.outputSchema, "output schema");
    if (typeof outputSchema === "string") {
      skip(outputSchema);
      continue;
    }
    kept.add(name);
    const fingerprint = canonicalJson(definition);
    const planned: PlannedTool = { name, definition, inputSchema, outputSchema, fingerprint };
    const before = current.get(name);
    if (before === undefined) add.push(planned);
    else if (before !== fingerprint) replace.push(planned);
  }
  const remove = [...current.keys()].filter((name) => !kept.has(name));
  return { add, replace, remove, skipped };
}
