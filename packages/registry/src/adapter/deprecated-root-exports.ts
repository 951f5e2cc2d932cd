// The adapter plumbing as the root of @toolkit/registry exported it before it
// moved to @toolkit/registry/adapter. Kept as deprecated aliases until 0.3.
import { type AdaptedRegistry as Adapted, adaptRegistry as adapt } from "./adapt-registry.js";
import type { ApprovalCheck, ResolvedApproval as Resolved } from "./approval-policy.js";
import { checkApprovalPolicy as checkPolicy, resolveApproval as resolvePolicy } from "./approval-policy.js";
import {
  checkHostToolFlags as checkFlags,
  createHostTool as hostTool,
  type HostToolOptions as HostOptions,
} from "./create-host-tool.js";
import {
  createDispatchOne as dispatchOne,
  type DispatchOne as One,
  type DispatchOneOptions as OneOptions,
} from "./dispatch-one.js";
import {
  type AdapterOptions as Options,
  type ResolveAdapterOptionsSettings as Settings,
  type ResolvedAdapterOptions as ResolvedOptions,
  resolveAdapterOptions as resolveOptions,
} from "./resolve-adapter-options.js";
import {
  createSignalJoiner as joiner,
  type JoinedContext as Joined,
  type SignalJoiner as Joiner,
} from "./signal-joiner.js";

/** @deprecated import `adaptRegistry` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const adaptRegistry: typeof adapt = adapt;
/** @deprecated import `resolveAdapterOptions` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const resolveAdapterOptions: typeof resolveOptions = resolveOptions;
/** @deprecated import `checkApprovalPolicy` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const checkApprovalPolicy: typeof checkPolicy = checkPolicy;
/** @deprecated import `resolveApproval` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const resolveApproval: typeof resolvePolicy = resolvePolicy;
/** @deprecated import `createDispatchOne` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const createDispatchOne: typeof dispatchOne = dispatchOne;
/** @deprecated import `createSignalJoiner` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const createSignalJoiner: typeof joiner = joiner;
/** @deprecated import `checkHostToolFlags` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const checkHostToolFlags: typeof checkFlags = checkFlags;
/** @deprecated import `createHostTool` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export const createHostTool: typeof hostTool = hostTool;

/** @deprecated import `AdaptedRegistry` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type AdaptedRegistry<Check = ApprovalCheck> = Adapted<Check>;
/** @deprecated import `AdapterOptions` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type AdapterOptions<Check = ApprovalCheck> = Options<Check>;
/** @deprecated import `ResolvedAdapterOptions` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type ResolvedAdapterOptions<Check = ApprovalCheck> = ResolvedOptions<Check>;
/** @deprecated import `ResolveAdapterOptionsSettings` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type ResolveAdapterOptionsSettings = Settings;
/** @deprecated import `ResolvedApproval` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type ResolvedApproval<CallId = string | undefined> = Resolved<CallId>;
/** @deprecated import `DispatchOne` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type DispatchOne = One;
/** @deprecated import `DispatchOneOptions` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type DispatchOneOptions = OneOptions;
/** @deprecated import `JoinedContext` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type JoinedContext = Joined;
/** @deprecated import `SignalJoiner` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type SignalJoiner = Joiner;
/** @deprecated import `HostToolOptions` from `@toolkit/registry/adapter`; to be removed in 0.3 */
export type HostToolOptions = HostOptions;
