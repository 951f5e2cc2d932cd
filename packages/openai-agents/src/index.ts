// Public API of @toolkit/openai-agents: see README.md.
export { toAgentsTools } from "./to-agents-tools.js";
export type { AgentsFunctionTool } from "./to-agents-tools.js";
export { AgentsToolError } from "./agents-tool-error.js";
export type { ToAgentsToolsOptions } from "./options.js";
export { toAgentsOutput } from "./to-agents-output.js";
export type { AgentsToolOutput } from "./to-agents-output.js";
export type { ApprovalCheck, ApprovalPolicy } from "@toolkit/registry";
// Deprecated names, removed in 0.3.
export { ToolkitToolError } from "./agents-tool-error.js";
