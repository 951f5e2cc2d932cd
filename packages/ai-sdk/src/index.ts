// Public API of @toolkit/ai-sdk: see README.md.
export { toAiSdkTools } from "./to-ai-sdk-tools.js";
export type { ToAiSdkToolsOptions } from "./options.js";
export type { AiSdkToolResult } from "./ai-sdk-tool-result.js";
export { AiSdkToolError } from "./ai-sdk-tool-error.js";
export { toModelOutput } from "./to-model-output.js";
export type { ModelOutput } from "./to-model-output.js";
export type { AiSdkApprovalCheck, AiSdkApprovalPolicy } from "./approval-policy.js";
export { fromAiSdkTool } from "./from-ai-sdk-tool.js";
export type { FromAiSdkToolOptions } from "./from-ai-sdk-tool.js";
export { fromModelOutput } from "./from-model-output.js";
// Deprecated names, removed in 0.3.
export { ToolkitToolError } from "./ai-sdk-tool-error.js";
export type { ApprovalCheck, ApprovalPolicy } from "./approval-policy.js";
