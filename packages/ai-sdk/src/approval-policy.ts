import { type Tool, toolTraits } from "@toolkit/core";

/** What an approval policy is asked about one call. */
export interface ApprovalCheck {
  /** The registered tool the model called. */
  readonly tool: Tool;
  /** The call's input as the tool will see it. */
  readonly input: unknown;
  /** The AI SDK's tool call id. */
  readonly toolCallId: string;
  /** The tool's descriptor digest, the identity `@toolkit/middleware`'s `grantKey` pins grants to. */
  readonly digest: string;
}

/**
 * When a call waits for the user's approval through the AI SDK's
 * `needsApproval` flow: `false` never, `true` always, `"writes"` for every
 * tool that is not read-only, or a function deciding per call.
 */
export type ApprovalPolicy = boolean | "writes" | ((check: ApprovalCheck) => boolean | PromiseLike<boolean>);

/** The per-tool answer of a policy: a constant where it can be one, else a per-call function. */
export type ResolvedApproval =
  | boolean
  | ((input: unknown, toolCallId: string) => boolean | PromiseLike<boolean>);

/** Throws a TypeError naming `option` unless `policy` is an ApprovalPolicy. */
export function checkApprovalPolicy(fn: string, option: string, policy: unknown): ApprovalPolicy {
  if (typeof policy === "boolean" || policy === "writes" || typeof policy === "function") {
    return policy as ApprovalPolicy;
  }
  throw new TypeError(
    `${fn}: \`${option}\` must be true, false, "writes" or a function returning a boolean, got ${JSON.stringify(policy) ?? typeof policy}`,
  );
}

/** Resolves a policy for one tool. */
export function resolveApproval(policy: ApprovalPolicy, tool: Tool): ResolvedApproval {
  if (typeof policy === "boolean") return policy;
  if (policy === "writes") return !toolTraits(tool).isReadOnly;
  return (input, toolCallId) =>
    policy({ tool, input, toolCallId, digest: toolTraits(tool).descriptorDigest });
}
