import { createHash } from "node:crypto";
import { canonicalJson, ToolError, type ToolOutput, toolTraits } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption, show } from "../shared/options.js";
import { isRealCall } from "../shared/real-call.js";
import type { ApprovalGrant, ApprovalStore } from "./approval-store.js";

/** What the host is asked. */
export interface ApprovalRequest {
  /** The call waiting for an answer. */
  readonly call: DispatchCall;
  /** The tool's descriptor digest the grant would be pinned to. */
  readonly digest: string;
  /** `canonicalJson(call.input)`, the identity of a `"call"` grant. */
  readonly input: string;
  /** True when the tool was approved before under another descriptor (its description or schema changed). */
  readonly descriptorChanged: boolean;
}

/**
 * The host's answer: `"once"` runs this call only, `"call"` also approves
 * later calls with the same input, `"tool"` approves every call of the tool,
 * `"deny"` refuses. `"call"` and `"tool"` grants are stored. `"interrupt"`
 * pauses the run at the call instead of waiting (a `BareLoop` created with
 * `approvals: "interrupt"` resolves to `{ status: "interrupted", ... }`, and
 * the user's decision comes back through `loop.resume`).
 */
export type ApprovalAnswer = "once" | "call" | "tool" | "deny" | "interrupt";

/** The brand a pausing error carries; `@toolkit/loop` recognises it by this registered symbol. */
const INTERRUPT = Symbol.for("@toolkit/interrupt");
/** The brand the loop puts on a call the user approved on resume. */
const APPROVED = Symbol.for("@toolkit/approved");

/** Thrown for an `"interrupt"` answer: the loop pauses the run at the call. */
export class ApprovalInterrupt extends Error {
  override readonly name = "ApprovalInterrupt";
  readonly [INTERRUPT] = true;
  /** The call's id. */
  readonly callId: string;

  constructor(call: DispatchCall) {
    super(`approvals: the call to '${call.name}' waits for the user's decision`);
    this.callId = call.id;
  }
}

/** Options for `approvals()`. */
export interface ApprovalsOptions {
  /** Asks the user; called only when no stored grant covers the call. */
  ask: (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;
  /** Where grants persist (`MemoryApprovalStore`, `JsonFileApprovalStore` or your own). */
  store: ApprovalStore;
  /** Tools that need no approval, e.g. read-only ones; a call whose tool's `needsApproval(input)` is true is asked anyway. @default none */
  exempt?: (call: DispatchCall) => boolean;
}

const ANSWERS: ReadonlySet<string> = new Set(["once", "call", "tool", "deny", "interrupt"]);

/**
 * Asks the host before the first use of a tool. A grant is pinned to the
 * tool's descriptor digest (`toolTraits(tool).descriptorDigest`), so a tool
 * whose name, description or schema changed asks again. A denial is the soft
 * `Permission` error `Permission denied: the user did not approve this call
 * to 'x'.` Rejected calls pass straight through, unasked.
 *
 * @example
 * approvals({ ask: async ({ call }) => (await confirm(`Run ${call.name}?`)) ? "tool" : "deny", store: new MemoryApprovalStore() })
 */
export function approvals(options: ApprovalsOptions): Middleware {
  const { ask, store, exempt } = options ?? ({} as Partial<ApprovalsOptions>);
  if (typeof ask !== "function") throw badOption("approvals", "ask", "a function", ask);
  if (
    !store ||
    typeof store.get !== "function" ||
    typeof store.set !== "function" ||
    typeof store.list !== "function"
  ) {
    throw badOption("approvals", "store", "an ApprovalStore (get, set, delete, list)", store);
  }
  if (exempt !== undefined && typeof exempt !== "function") {
    throw badOption("approvals", "exempt", "a function", exempt);
  }

  return async function approvalsMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (!isRealCall(call)) return next(call);
    // A tool's own "this call needs approval" outranks the host's exemption.
    if (!toolTraits(call.tool).needsApproval(call.input) && exempt?.(call)) return next(call);
    // Approved by the user when the paused run was resumed: the decision is the answer.
    if ((call as { [APPROVED]?: unknown })[APPROVED] === true) return next(call);
    const digest = toolTraits(call.tool).descriptorDigest;
    const input = canonicalJson(call.input);
    const toolKey = grantKey(call.name, digest, undefined);
    const callKey = grantKey(call.name, digest, input);
    if ((await store.get(toolKey)) || (await store.get(callKey))) return next(call);

    const descriptorChanged = (await store.list()).some((g) => g.tool === call.name && g.digest !== digest);
    const answer = await ask({ call, digest, input, descriptorChanged });
    if (!ANSWERS.has(answer)) {
      throw new TypeError(
        `approvals: \`ask\` must answer "once", "call", "tool", "deny" or "interrupt", got ${show(answer)}`,
      );
    }
    if (answer === "interrupt") throw new ApprovalInterrupt(call);
    if (answer === "deny")
      throw ToolError.permission(`the user did not approve this call to '${call.name}'.`);
    if (answer === "tool" || answer === "call") {
      const grant: ApprovalGrant =
        answer === "tool"
          ? { tool: call.name, digest, scope: "tool", grantedAt: new Date().toISOString() }
          : { tool: call.name, digest, scope: "call", input, grantedAt: new Date().toISOString() };
      await store.set(answer === "tool" ? toolKey : callKey, grant);
    }
    return next(call);
  };
}

/** The store key of a grant: tool and digest, plus a hash of the canonical input for a call grant. */
export function grantKey(tool: string, digest: string, input: string | undefined): string {
  if (input === undefined) return `tool:${tool}@${digest}`;
  return `call:${tool}@${digest}:${createHash("sha256").update(input).digest("hex").slice(0, 32)}`;
}
