import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import type { RegistryLogger, ToolRegistry } from "@toolkit/registry";

/** Options for `importMcpTools`. */
export interface ImportMcpToolsOptions {
  /** The registry the tools are registered in (and kept in step with the server). */
  registry: ToolRegistry;
  /** Prepended to every remote name, e.g. `"github."`. Letters, digits, `.`, `_`, `-`. @default "" */
  prefix?: string;
  /** Keeps a remote tool when it returns true. @default every tool */
  filter?: (tool: McpToolDefinition) => boolean;
  /**
   * The server's name as tools show it: `McpTool.serverName`, which hooks see
   * as `mcp__<serverName>__<tool>` (Claude Code names a server by its config
   * key). Letters, digits, `_`, `-`. @default the name the server reports in `initialize`, else "mcp"
   */
  serverName?: string;
  /** Timeout of each `tools/call` request. @default 60000 (the SDK's default) */
  timeoutMs?: number;
  /** The client's name and version, when importMcpTools connects a transport itself. @default { name: "toolkit-mcp", version: "0.1.0" } */
  clientInfo?: { name: string; version: string };
  /** Receives a warning for each remote tool skipped, and for a failed refresh. @default console */
  logger?: RegistryLogger;
}

/** Options after checking, with defaults applied. */
export interface ResolvedImportOptions {
  registry: ToolRegistry;
  prefix: string;
  serverName: string | undefined;
  filter: (tool: McpToolDefinition) => boolean;
  timeoutMs: number;
  clientInfo: { name: string; version: string };
  logger: RegistryLogger;
}

const PREFIX = /^[A-Za-z0-9._-]*$/;

/** Checks `importMcpTools` options; a bad option throws a TypeError naming it. */
export function resolveImportOptions(options: ImportMcpToolsOptions): ResolvedImportOptions {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("importMcpTools: the options must be an object with a `registry`");
  }
  const {
    registry,
    prefix = "",
    serverName,
    filter = () => true,
    timeoutMs = 60_000,
    clientInfo = { name: "toolkit-mcp", version: "0.1.0" },
    logger = console,
  } = options;
  if (typeof registry?.batch !== "function" || typeof registry.register !== "function") {
    throw new TypeError("importMcpTools: `registry` must be a ToolRegistry from @toolkit/registry");
  }
  if (typeof prefix !== "string" || !PREFIX.test(prefix) || prefix.length > 64) {
    throw new TypeError(
      `importMcpTools: \`prefix\` must be letters, digits, '.', '_' or '-' (at most 64), got ${JSON.stringify(prefix)}`,
    );
  }
  if (
    serverName !== undefined &&
    (typeof serverName !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(serverName))
  ) {
    throw new TypeError(
      `importMcpTools: \`serverName\` must be letters, digits, '_' or '-' (1 to 64), got ${JSON.stringify(serverName)}`,
    );
  }
  if (typeof filter !== "function") {
    throw new TypeError(`importMcpTools: \`filter\` must be a function, got ${typeof filter}`);
  }
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`importMcpTools: \`timeoutMs\` must be a positive number, got ${String(timeoutMs)}`);
  }
  if (typeof clientInfo?.name !== "string" || typeof clientInfo.version !== "string") {
    throw new TypeError("importMcpTools: `clientInfo` must be { name: string, version: string }");
  }
  if (typeof logger?.warn !== "function") {
    throw new TypeError("importMcpTools: `logger` must have a `warn(message)` method");
  }
  return { registry, prefix, serverName, filter, timeoutMs, clientInfo, logger };
}

/** True for an object shaped like an MCP SDK client. */
export function isClient(value: unknown): value is Client {
  if (typeof value !== "object" || value === null) return false;
  return ["callTool", "listTools", "setNotificationHandler", "connect"].every(
    (key) => typeof Reflect.get(value, key) === "function",
  );
}

/** A source `importMcpTools` accepts: a connected client, or a transport it connects itself. */
export type McpSource = Client | Transport;
