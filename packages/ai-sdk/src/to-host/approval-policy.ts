import type { Tool } from "@toolkit/core";
import type {
  ApprovalCheck as CallApprovalCheck,
  ApprovalPolicy as CallApprovalPolicy,
} from "@toolkit/registry";
import { type ResolvedApproval, resolveApproval } from "@toolkit/registry/adapter";

/** What an approval policy is asked about one call: the AI SDK names its call id `toolCallId`. */
export interface AiSdkApprovalCheck extends Omit<CallApprovalCheck<string>, "callId"> {
  /** The AI SDK's tool call id. */
  readonly toolCallId: string;
}

/**
 * When a call waits for the user's approval through the AI SDK's
 * `needsApproval` flow: `false` never, `true` always, `"writes"` for every
 * tool that is not read-only, or a function deciding per call.
 */
export type AiSdkApprovalPolicy = CallApprovalPolicy<AiSdkApprovalCheck>;

/** Resolves a policy for one tool, asking a policy function with `toolCallId` for the call id. */
export function resolveAiSdkApproval(policy: AiSdkApprovalPolicy, tool: Tool): ResolvedApproval<string> {
  if (typeof policy !== "function") return resolveApproval<string>(policy, tool);
  return resolveApproval<string>(
    ({ input, callId, digest }) => policy({ tool, input, toolCallId: callId, digest }),
    tool,
  );
}

/** @deprecated use AiSdkApprovalCheck; to be removed in 0.3 */
export type ApprovalCheck = AiSdkApprovalCheck;
/** @deprecated use AiSdkApprovalPolicy; to be removed in 0.3 */
export type ApprovalPolicy = AiSdkApprovalPolicy;
