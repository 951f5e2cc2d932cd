// Public API of @toolkit/hooks: see README.md.
export { HOOK_EVENTS } from "./config/hook-config.js";
export type {
  CommandHook,
  HttpHook,
  FunctionHook,
  HookEventName,
  HookFailureMode,
  HookFunction,
  HookHandler,
  HookMatcherGroup,
  HooksConfig,
  ResolvedHook,
} from "./config/hook-config.js";
export { HooksConfigError } from "./config/hooks-config-error.js";
export { parseHooksConfig } from "./config/parse-hooks-config.js";
export { Hooks, createHooks } from "./engine/create-hooks.js";
export type { HookAskRequest, HookEventContext, HooksOptions } from "./engine/create-hooks.js";
export { claudeCodeName, fromClaudeCode, toClaudeCode } from "./names/claude-code-names.js";
export type { ClaudeCodeCall } from "./names/claude-code-names.js";
export type { CombinedDecision, HookMessage } from "./run/combine-results.js";
export type { HookInput, HookJsonOutput, HookSpecificOutput } from "./run/hook-io.js";
export { matcherTest } from "./run/match-hooks.js";
export { DEFAULT_HOOK_TIMEOUT_S } from "./run/run-hook.js";
export type { HookResult } from "./run/run-hook.js";
export { loadHooks } from "./config/load-hooks.js";
export type { LoadedHooks, LoadHooksOptions, UntrustedFile } from "./config/load-hooks.js";
export { JsonFileTrustStore, MemoryTrustStore } from "./trust/trust-store.js";
export type { TrustRecord, TrustStore } from "./trust/trust-store.js";
export { hooksGate } from "./loop-events/hooks-gate.js";
export { hooksMiddleware } from "./tool-events/hooks-middleware.js";
export { UNSUPPORTED_EVENTS } from "./config/hook-config.js";
export type { HttpHookNetwork } from "./run/run-http-hook.js";
