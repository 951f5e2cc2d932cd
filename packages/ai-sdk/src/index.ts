// Public API of @toolkit/ai-sdk: see README.md.
export { toAiSdkTools } from "./to-host/to-ai-sdk-tools.js";
export type { ToAiSdkToolsOptions } from "./to-host/options.js";
export type { AiSdkToolResult } from "./output/ai-sdk-tool-result.js";
export { type AiSdkToolProgress, isAiSdkToolProgress } from "./progress/ai-sdk-tool-progress.js";
export { AiSdkToolError } from "./output/ai-sdk-tool-error.js";
export { toModelOutput } from "./output/to-model-output.js";
export type { ModelOutput } from "./output/to-model-output.js";
export type { AiSdkApprovalCheck, AiSdkApprovalPolicy } from "./to-host/approval-policy.js";
export { fromAiSdkTool } from "./from-host/from-ai-sdk-tool.js";
export type { FromAiSdkToolOptions } from "./from-host/from-ai-sdk-tool.js";
export { fromModelOutput } from "./output/from-model-output.js";
// Deprecated names, to be removed in 0.3.
export { ToolkitToolError } from "./output/ai-sdk-tool-error.js";
export type { ApprovalCheck, ApprovalPolicy } from "./to-host/approval-policy.js";
