// Public API of @toolkit/middleware: see README.md.
export type { DispatchCall, Middleware, Next } from "@toolkit/registry";

export { timeout } from "./timeout/index.js";
export type { TimeoutOptions } from "./timeout/index.js";

export { permissions } from "./permissions/index.js";
export type {
  PermissionAskRequest,
  PermissionDecision,
  PermissionDecisionKind,
  PermissionRules,
  PermissionsMiddleware,
  PermissionsOptions,
} from "./permissions/index.js";
export type { ShellAnalysis } from "./permissions/match-rule.js";
export type { EvaluableCall } from "./permissions/subject.js";

export { ApprovalInterrupt, approvals, grantKey } from "./approvals/index.js";
export type { ApprovalAnswer, ApprovalRequest, ApprovalsOptions } from "./approvals/index.js";
export { MemoryApprovalStore } from "./approvals/approval-store.js";
export type { ApprovalGrant, ApprovalStore } from "./approvals/approval-store.js";
export { JsonFileApprovalStore } from "./approvals/json-file-approval-store.js";
export type { JsonFileApprovalStoreOptions } from "./approvals/json-file-approval-store.js";

export { memoize } from "./memoize/index.js";
export type { Invalidation, MemoizeOptions } from "./memoize/index.js";

export { outputLimit } from "./output-limit/index.js";
export type { OutputLimitOptions } from "./output-limit/index.js";
export { MIN_OUTPUT_BYTES, limitText } from "./output-limit/limit-text.js";
export type { LimitedText } from "./output-limit/limit-text.js";

export { unknownToolHints } from "./unknown-tool-hints/index.js";
export type { UnknownToolHintsOptions } from "./unknown-tool-hints/index.js";

export { defaultRetryOn, retry } from "./retry/index.js";
export type { RetryFailure, RetryOptions } from "./retry/index.js";

export { redact } from "./redact/index.js";
export type { RedactOptions } from "./redact/index.js";
export { SECRET_PATTERNS, redactSecrets } from "./redact/secret-patterns.js";
export type { RedactedText, SecretPattern } from "./redact/secret-patterns.js";

export { TRACER_NAME, trace } from "./trace/index.js";
export type { TraceOptions, TraceSpan, TraceTracer } from "./trace/index.js";

// Deprecated: internal helpers of the layers. Removed in 0.3.
export { closestName, cutMarker, editDistance } from "./deprecated-root-exports.js";
