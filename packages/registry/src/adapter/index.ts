// @toolkit/registry/adapter: the plumbing a host adapter (ai-sdk, openai-agents,
// langchain, ...) builds on. A user of the adapters never imports it; see README.md.
export { adaptRegistry } from "./adapt-registry.js";
export type { AdaptedRegistry } from "./adapt-registry.js";
export { resolveAdapterOptions } from "./resolve-adapter-options.js";
export type {
  AdapterOptions,
  ResolveAdapterOptionsSettings,
  ResolvedAdapterOptions,
} from "./resolve-adapter-options.js";
export { checkApprovalPolicy, resolveApproval } from "./approval-policy.js";
export type { ApprovalCheck, ApprovalPolicy, ResolvedApproval } from "./approval-policy.js";
export { createDispatchOne } from "./dispatch-one.js";
export type { DispatchOne, DispatchOneOptions } from "./dispatch-one.js";
export { createSignalJoiner } from "./signal-joiner.js";
export type { JoinedContext, SignalJoiner } from "./signal-joiner.js";
export { checkHostToolFlags, createHostTool } from "./create-host-tool.js";
export type { HostToolOptions } from "./create-host-tool.js";
