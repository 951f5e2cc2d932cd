// Public API of @toolkit/shell: see README.md.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export { Shell } from "./tools/shell.js";
export type { ShellInput } from "./tools/shell-schema.js";
export { Jobs } from "./tools/jobs.js";
export { JOB_INPUT_KEYS, JobInput } from "./tools/job-input.js";
export type { JobInputInput, JobInputKey } from "./tools/job-input.js";
export { createShellTools } from "./tools/create-shell-tools.js";
export type { ShellOptions } from "./tools/shell-options.js";
export { analyzeCommand } from "./analysis/analyze-command.js";
export type { CommandAnalysis } from "./analysis/analyze-command.js";
export { READ_ONLY_GIT_CONFIG, readOnlyCommandEnv } from "./analysis/read-only-env.js";
export { dispose } from "./jobs/session-jobs.js";
export { UnixShellBackend } from "./process/unix-backend.js";
export type { UnixShellBackendOptions } from "./process/unix-backend.js";
export type {
  ExitStatus,
  ShellBackend,
  ShellProcess,
  SpawnRequest,
  TerminalSize,
} from "./process/shell-backend.js";
export {
  isSecretName,
  isSecretValue,
  isSecretVariable,
  NON_INTERACTIVE_ENV,
  scrubEnv,
} from "./env/scrub-env.js";
export type { ScrubEnvOptions } from "./env/scrub-env.js";
// The sandbox: see README.md ("Sandbox").
export { DEFAULT_DENY_READ, DEFAULT_DENY_WRITE } from "./sandbox/policy.js";
export { DEFAULT_PROTECT, ProtectScanError } from "./sandbox/protected-paths.js";
export type { ProtectedEntry, ProtectScan } from "./sandbox/protected-paths.js";
export { DEFAULT_HOME_READABLE, DEFAULT_HOME_WRITABLE } from "./sandbox/home-mounts.js";
export type { HomeMount } from "./sandbox/home-mounts.js";
export type { SandboxNetwork, SandboxPolicy, SandboxSetting } from "./sandbox/policy.js";
export { detectSandbox } from "./sandbox/detect-sandbox.js";
export type { DetectSandboxOptions, SandboxMechanism } from "./sandbox/detect-sandbox.js";
export { resolveMounts } from "./sandbox/resolve-mounts.js";
export type { MountPath, ResolveMountsOptions, SandboxMounts } from "./sandbox/resolve-mounts.js";
export { bwrapArgs } from "./sandbox/bwrap-args.js";
export type { BwrapArgsOptions, KernelArgs } from "./sandbox/bwrap-args.js";
export { DEFAULT_LIMITS } from "./sandbox/limits/limits-option.js";
export type { SandboxLimits } from "./sandbox/limits/limits-option.js";
export { seatbeltProfile } from "./sandbox/seatbelt-profile.js";
export type { SeatbeltProfileOptions } from "./sandbox/seatbelt-profile.js";
export { matchesHostPattern } from "./sandbox/host-pattern.js";
export { startAllowListProxy } from "./sandbox/allow-list-proxy.js";
export type {
  AllowListProxy,
  AllowListProxyOptions,
  ProxyLookupFunction,
} from "./sandbox/allow-list-proxy.js";
// Deprecated names, to be removed in 0.3.
export type { LookupFunction } from "./sandbox/allow-list-proxy.js";
// Deprecated names, to be removed in 0.3.
export { UnixBackend } from "./process/unix-backend.js";
export type { UnixBackendOptions } from "./process/unix-backend.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
