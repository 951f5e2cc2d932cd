/**
 * The brand a middleware puts on a thrown error to pause the run at a call
 * instead of failing it: `approvals({ ask })` answering `"interrupt"` throws
 * one. A registered symbol, so the loop and the middleware need not import
 * each other.
 */
export const INTERRUPT: unique symbol = Symbol.for("@toolkit/interrupt") as never;

/**
 * The brand the loop puts on a call the user approved with `resume(state,
 * { decisions })`: an approvals layer lets it through without asking again.
 * Object spread keeps it, so layers that copy the call keep it too.
 */
export const APPROVED: unique symbol = Symbol.for("@toolkit/approved") as never;

/** True when `error` asks the loop to pause at the call (see `INTERRUPT`). */
export function isInterrupt(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { [INTERRUPT]?: unknown })[INTERRUPT] === true
  );
}

/** What `resume` is told about one pending call. */
export type ApprovalDecision = "approve" | "reject" | { readonly edit: unknown };

/** Checks a decision from the host (often straight from a request body); throws naming the call. */
export function checkDecision(callId: string, decision: unknown): ApprovalDecision {
  if (decision === "approve" || decision === "reject") return decision;
  if (typeof decision === "object" && decision !== null && !Array.isArray(decision) && "edit" in decision) {
    const keys = Object.keys(decision);
    if (keys.length === 1) return decision as { edit: unknown };
  }
  throw new TypeError(
    `BareLoop.resume: \`decisions.${callId}\` must be "approve", "reject" or { edit: input }, got ${show(decision)}`,
  );
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
