import { type Tool, toolTraits } from "@toolkit/core";

/**
 * What an approval policy is asked about one call. `CallId` is the type of
 * the host's call id: `string` where the host always has one, `string |
 * undefined` where it may not.
 */
export interface ApprovalCheck<CallId = string | undefined> {
  /** The registered tool the model called. */
  readonly tool: Tool;
  /** The call's input as the tool will see it (strict-mode nulls already mapped back to absent). */
  readonly input: unknown;
  /** The host's id of the call. */
  readonly callId: CallId;
  /** The tool's descriptor digest, the identity `@toolkit/middleware`'s `grantKey` pins grants to. */
  readonly digest: string;
}

/**
 * Which calls wait for the user's approval in the host's own approval flow:
 * `false` none, `true` all, `"writes"` every tool that is not read-only, or a
 * function deciding per call.
 *
 * @example
 * const policy: ApprovalPolicy = ({ tool }) => tool.name !== "Read";
 */
export type ApprovalPolicy<Check = ApprovalCheck> =
  | boolean
  | "writes"
  | ((check: Check) => boolean | PromiseLike<boolean>);

/**
 * The per-tool answer of a policy: a constant where it can be one, else a
 * function of the call's input and call id returning the policy's answer as
 * it came.
 */
export type ResolvedApproval<CallId = string | undefined> =
  | boolean
  | ((input: unknown, callId: CallId) => boolean | PromiseLike<boolean>);

/**
 * Throws a TypeError naming `option` of the function `fn` unless `policy` is
 * an ApprovalPolicy; returns it typed.
 *
 * @example
 * checkApprovalPolicy("toAgentsTools", "needsApproval", options.needsApproval ?? false);
 */
export function checkApprovalPolicy<Check = ApprovalCheck>(
  fn: string,
  option: string,
  policy: unknown,
): ApprovalPolicy<Check> {
  if (typeof policy === "boolean" || policy === "writes" || typeof policy === "function") {
    return policy as ApprovalPolicy<Check>;
  }
  throw new TypeError(
    `${fn}: \`${option}\` must be true, false, "writes" or a function returning a boolean, got ${JSON.stringify(policy) ?? typeof policy}`,
  );
}

/**
 * Resolves a policy for one tool: `true`/`false` as they are, `"writes"` to
 * whether the tool is not read-only, and a function to a per-call function
 * that asks it with `{ tool, input, callId, digest }`. A tool with a
 * `needsApproval(input)` trait is asked for the calls it names on top of
 * the policy (a per-call function unless the policy already asks always).
 */
export function resolveApproval<CallId = string | undefined>(
  policy: ApprovalPolicy<ApprovalCheck<CallId>>,
  tool: Tool,
): ResolvedApproval<CallId> {
  const resolved = resolvePolicy(policy, tool);
  // The tool's own trait asks for the calls it names, whatever the policy.
  if (resolved === true || typeof tool.needsApproval !== "function") return resolved;
  const traits = toolTraits(tool);
  if (resolved === false) return (input) => traits.needsApproval(input);
  return async (input, callId) => traits.needsApproval(input) || (await resolved(input, callId));
}

function resolvePolicy<CallId>(
  policy: ApprovalPolicy<ApprovalCheck<CallId>>,
  tool: Tool,
): ResolvedApproval<CallId> {
  if (typeof policy === "boolean") return policy;
  if (policy === "writes") return !toolTraits(tool).isReadOnly;
  return (input, callId) => policy({ tool, input, callId, digest: toolTraits(tool).descriptorDigest });
}
