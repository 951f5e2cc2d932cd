// Public API of @toolkit/openai-agents: see README.md.
export { toAgentsTools } from "./to-host/to-agents-tools.js";
export type { AgentsFunctionTool } from "./to-host/to-agents-tools.js";
export { AgentsToolError } from "./output/agents-tool-error.js";
export type { ToAgentsToolsOptions } from "./to-host/options.js";
export { toAgentsOutput } from "./output/to-agents-output.js";
export type { AgentsToolOutput } from "./output/to-agents-output.js";
export type { ApprovalCheck, ApprovalPolicy } from "@toolkit/registry";
// Deprecated names, to be removed in 0.3.
export { ToolkitToolError } from "./output/agents-tool-error.js";
