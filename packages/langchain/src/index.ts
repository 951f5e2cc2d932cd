// Public API of @toolkit/langchain: see README.md.
export { toLangChainTools } from "./to-langchain-tools.js";
export type { ToLangChainToolsOptions } from "./options.js";
export { ToolkitStructuredTool } from "./toolkit-structured-tool.js";
export { toContentAndArtifact } from "./to-tool-message.js";
export type { CallIdentity, ContentAndArtifact } from "./to-tool-message.js";
export { fromLangChainTool } from "./from-langchain-tool.js";
export type { FromLangChainToolOptions, LangChainToolLike } from "./from-langchain-tool.js";
export { fromToolMessage } from "./from-tool-message.js";
