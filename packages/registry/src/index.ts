export { ToolRegistry } from "./tool-registry.js";
export type {
  RegisterOptions,
  RegistryLogger,
  SurfaceDiff,
  ToolRegistryOptions,
  VersionedSurface,
} from "./tool-registry.js";
export { RegistryError } from "./registry-error.js";
export type { RegistryErrorCode } from "./registry-error.js";
export { planWaves } from "./plan-waves.js";
export type { PlannedCall, PlanWavesOptions, ToolLookup } from "./plan-waves.js";
export { dispatch } from "./dispatch.js";
export type { DispatchOptions, DispatchRegistry, DispatchResult, ToolCall } from "./dispatch.js";
export { MiddlewareError, composeMiddleware } from "./middleware.js";
export type { DispatchCall, Middleware, Next } from "./middleware.js";
export { advertisedSurface, selectByNames, selectReadOnly, selectWhere } from "./selectors.js";
export type { AdvertisedSurface, Selector, SelectorTurn } from "./selectors.js";
export { createSignalJoiner } from "./signal-joiner.js";
export type { JoinedContext, SignalJoiner } from "./signal-joiner.js";
export { createDispatchOne } from "./dispatch-one.js";
export type { DispatchOne, DispatchOneOptions } from "./dispatch-one.js";
export { checkApprovalPolicy, resolveApproval } from "./approval-policy.js";
export type { ApprovalCheck, ApprovalPolicy, ResolvedApproval } from "./approval-policy.js";
export { resolveAdapterOptions } from "./resolve-adapter-options.js";
export type {
  AdapterOptions,
  ResolveAdapterOptionsSettings,
  ResolvedAdapterOptions,
} from "./resolve-adapter-options.js";
export { checkHostToolFlags, createHostTool } from "./create-host-tool.js";
export type { HostToolOptions } from "./create-host-tool.js";
export { adaptRegistry } from "./adapt-registry.js";
export type { AdaptedRegistry } from "./adapt-registry.js";
