import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type Tool as McpToolDefinition,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { isTransport } from "../protocol/is-transport.js";
import {
  type ImportMcpToolsOptions,
  isClient,
  type McpSource,
  resolveImportOptions,
} from "./import-options.js";
import { McpTool } from "./mcp-tool.js";
import { planSync } from "./plan-sync.js";

/** What one refresh changed in the registry; each list holds local names, sorted. */
export interface ImportChanges {
  added: string[];
  removed: string[];
  replaced: string[];
}

/** The tools imported from one MCP server, kept in step with it. */
export interface McpImport {
  /** The imported tools now in the registry, in the server's order (each names its `serverName` and `remoteName`). */
  readonly tools: readonly McpTool[];
  /** The client the tools are called through. */
  readonly client: Client;
  /** Re-lists the server's tools and updates the registry in one batch. */
  refresh(): Promise<ImportChanges>;
  /**
   * Stops following the server and removes the imported tools from the
   * registry; closes the connection when importMcpTools opened it.
   */
  close(): Promise<void>;
}

/**
 * Imports an MCP server's tools into a registry: each remote tool becomes a
 * `Tool` (see `McpTool`) registered under `prefix + name`. The import follows
 * `notifications/tools/list_changed` by re-listing and applying what was
 * added, removed or replaced inside one `registry.batch(...)`, so the
 * registry's version and surface diff tell the loop once. Pass a connected
 * `Client`, or a `Transport` to connect (and own) a new one.
 *
 * @example
 * const github = await importMcpTools(new StdioClientTransport({ command: "github-mcp" }), { registry, prefix: "gh." });
 * // later: await github.close();
 */
export async function importMcpTools(source: McpSource, options: ImportMcpToolsOptions): Promise<McpImport> {
  const resolved = resolveImportOptions(options);
  const { registry, prefix, filter, timeoutMs, clientInfo, logger } = resolved;
  let client: Client;
  let owned = false;
  if (isClient(source)) client = source;
  else if (isTransport(source)) {
    client = new Client(clientInfo);
    await client.connect(source);
    owned = true;
  } else {
    throw new TypeError("importMcpTools: the first argument must be a connected MCP Client or a Transport");
  }
  const serverName = resolved.serverName ?? client.getServerVersion()?.name ?? "mcp";
  const imported = new Map<string, { tool: McpTool; fingerprint: string }>();
  const warned = new Set<string>();
  let closed = false;

  const sync = async (): Promise<ImportChanges> => {
    const remote = await listAll(client);
    if (closed) return { added: [], removed: [], replaced: [] };
    // A tool the host removed or replaced behind our back is no longer ours to track.
    for (const [name, entry] of imported) if (registry.get(name) !== entry.tool) imported.delete(name);
    const current = new Map([...imported].map(([name, entry]) => [name, entry.fingerprint]));
    const plan = planSync({ remote, current, prefix, filter, isTaken: (name) => registry.contains(name) });
    for (const { name, reason } of plan.skipped) {
      const warning = `importMcpTools: tool '${name}' of the MCP server '${serverName}' is not imported: ${reason}`;
      if (!warned.has(warning)) {
        warned.add(warning);
        logger.warn(warning);
      }
    }
    registry.batch(() => {
      for (const name of plan.remove) {
        imported.delete(name);
        registry.remove(name);
      }
      for (const planned of [...plan.replace, ...plan.add]) {
        const tool = new McpTool({ ...planned, client, serverName, timeoutMs });
        registry.register(tool, { replace: true });
        imported.set(planned.name, { tool, fingerprint: planned.fingerprint });
      }
    });
    // Keep the server's order for `tools`.
    const order = new Map(remote.map((d, i) => [`${prefix}${d.name}`, i]));
    const sorted = [...imported].sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    imported.clear();
    for (const [name, entry] of sorted) imported.set(name, entry);
    return {
      added: plan.add.map((t) => t.name).sort(),
      removed: [...plan.remove].sort(),
      replaced: plan.replace.map((t) => t.name).sort(),
    };
  };

  const refresh = serialize(sync);
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    if (closed) return;
    await refresh().catch((error: unknown) => {
      logger.warn(
        `importMcpTools: re-listing the tools of the MCP server '${serverName}' failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });

  try {
    await refresh();
  } catch (error) {
    client.removeNotificationHandler(ToolListChangedNotificationSchema.shape.method.value);
    if (owned) await client.close();
    throw error;
  }

  return {
    get tools() {
      return [...imported.values()].map((entry) => entry.tool);
    },
    client,
    refresh() {
      if (closed) return Promise.reject(new Error("importMcpTools: refresh() after close()"));
      return refresh();
    },
    async close() {
      if (closed) return;
      closed = true;
      client.removeNotificationHandler(ToolListChangedNotificationSchema.shape.method.value);
      registry.batch(() => {
        for (const name of imported.keys()) registry.remove(name);
      });
      imported.clear();
      if (owned) await client.close();
    },
  };
}

/** Every tool the server lists, following pagination cursors. */
async function listAll(client: Client): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * Runs `fn` one at a time: a call while one runs waits for it and then runs
 * once more for every caller that arrived meanwhile.
 */
function serialize<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const run = (): Promise<T> => {
    if (!running) {
      running = fn().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return run();
      });
    return queued;
  };
  return run;
}
