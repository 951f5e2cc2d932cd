// Public API of @toolkit/langchain: see README.md.
export { toLangChainTools } from "./to-host/to-langchain-tools.js";
export type { ToLangChainToolsOptions } from "./to-host/options.js";
export { ToolkitStructuredTool } from "./to-host/toolkit-structured-tool.js";
export { LANGCHAIN_PROGRESS_EVENT, type LangChainToolProgress } from "./to-host/progress-reporter.js";
export { toContentAndArtifact } from "./output/to-tool-message.js";
export type { CallIdentity, ContentAndArtifact } from "./output/to-tool-message.js";
export { fromLangChainTool } from "./from-host/from-langchain-tool.js";
export type { FromLangChainToolOptions, LangChainToolLike } from "./from-host/from-langchain-tool.js";
export { fromToolMessage } from "./output/from-tool-message.js";
