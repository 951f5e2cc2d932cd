import { type Tool, toolTraits } from "@toolkit/core";

/** What an approval policy is asked about one call. */
export interface ApprovalCheck {
  /** The registered tool the model called. */
  readonly tool: Tool;
  /** The call's input as the tool will see it (strict-mode nulls already mapped back to absent). */
  readonly input: unknown;
  /** The Agents SDK's call id, when it has one. */
  readonly callId: string | undefined;
  /** The tool's descriptor digest, the identity `@toolkit/middleware`'s `grantKey` pins grants to. */
  readonly digest: string;
}

/**
 * Which calls interrupt the run for the user's approval: `false` none,
 * `true` all, `"writes"` every tool that is not read-only, or a function
 * deciding per call.
 */
export type ApprovalPolicy = boolean | "writes" | ((check: ApprovalCheck) => boolean | PromiseLike<boolean>);

/** Throws a TypeError naming `option` unless `policy` is an ApprovalPolicy. */
export function checkApprovalPolicy(fn: string, option: string, policy: unknown): ApprovalPolicy {
  if (typeof policy === "boolean" || policy === "writes" || typeof policy === "function") {
    return policy as ApprovalPolicy;
  }
  throw new TypeError(
    `${fn}: \`${option}\` must be true, false, "writes" or a function returning a boolean, got ${JSON.stringify(policy) ?? typeof policy}`,
  );
}

/** Resolves a policy for one tool: a constant where it can be one, else a per-call function. */
export function resolveApproval(
  policy: ApprovalPolicy,
  tool: Tool,
): boolean | ((input: unknown, callId: string | undefined) => Promise<boolean>) {
  if (typeof policy === "boolean") return policy;
  if (policy === "writes") return !toolTraits(tool).isReadOnly;
  return async (input, callId) =>
    Boolean(await policy({ tool, input, callId, digest: toolTraits(tool).descriptorDigest }));
}
