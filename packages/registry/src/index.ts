export { ToolRegistry } from "./registry/tool-registry.js";
export type {
  RegisterOptions,
  RegistryLogger,
  SurfaceDiff,
  ToolRegistryOptions,
  VersionedSurface,
} from "./registry/tool-registry.js";
export { RegistryError } from "./registry/registry-error.js";
export type { RegistryErrorCode } from "./registry/registry-error.js";
export { planWaves } from "./waves/plan-waves.js";
export type { PlannedCall, PlanWavesOptions, ToolLookup } from "./waves/plan-waves.js";
export { dispatch } from "./dispatch/dispatch.js";
export type { DispatchOptions, DispatchRegistry, DispatchResult, ToolCall } from "./dispatch/dispatch.js";
export { MiddlewareError, composeMiddleware } from "./dispatch/middleware.js";
export type { DispatchCall, Middleware, Next } from "./dispatch/middleware.js";
export { advertisedSurface, selectByNames, selectReadOnly, selectWhere } from "./selectors/selectors.js";
export type { AdvertisedSurface, Selector, SelectorTurn } from "./selectors/selectors.js";
export type { ApprovalCheck, ApprovalPolicy } from "./adapter/approval-policy.js";
// Deprecated: the adapter plumbing lives on @toolkit/registry/adapter. Removed in 0.3.
export {
  adaptRegistry,
  checkApprovalPolicy,
  checkHostToolFlags,
  createDispatchOne,
  createHostTool,
  createSignalJoiner,
  resolveAdapterOptions,
  resolveApproval,
} from "./adapter/deprecated-root-exports.js";
export type {
  AdaptedRegistry,
  AdapterOptions,
  DispatchOne,
  DispatchOneOptions,
  HostToolOptions,
  JoinedContext,
  ResolveAdapterOptionsSettings,
  ResolvedAdapterOptions,
  ResolvedApproval,
  SignalJoiner,
} from "./adapter/deprecated-root-exports.js";
