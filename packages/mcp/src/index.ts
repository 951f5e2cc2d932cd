// Public API of @toolkit/mcp: see README.md.
export { serveRegistry } from "./serve/serve-registry.js";
export type { McpServing } from "./serve/serve-registry.js";
export type {
  HttpTransportOptions,
  ServeRegistryOptions,
  ServeTransport,
  StdioTransportOptions,
} from "./serve/serve-options.js";
export type { SessionContextFactory } from "./serve/session-context.js";
export { outputSchemaOf } from "./protocol/output-schema.js";
export type { OutputSchemaTool } from "./protocol/output-schema.js";
export { importMcpTools } from "./import/import-mcp-tools.js";
export type { ImportChanges, McpImport } from "./import/import-mcp-tools.js";
export type { ImportMcpToolsOptions, McpSource } from "./import/import-options.js";
export { McpTool } from "./import/mcp-tool.js";
export type { McpToolOptions } from "./import/mcp-tool.js";
