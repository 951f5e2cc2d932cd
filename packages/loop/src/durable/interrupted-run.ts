import type { JsonValue } from "@toolkit/core";
import type { ZodType } from "zod";
import { checkDecision, type ApprovalDecision } from "./interrupt.js";
import type { RunState } from "./run-state.js";

/** A call waiting for the user's decision. */
export interface PendingApproval {
  /** The key to answer it by in `resume(state, { decisions })`. */
  readonly id: string;
  readonly name: string;
  readonly input: JsonValue;
}

/** What `run` (or `resume`) resolves to when calls await approval. */
export interface InterruptedRun {
  readonly status: "interrupted";
  readonly runId: string;
  /** Plain JSON: store it anywhere (`JSON.stringify`) and pass it (or its text) to `resume`. */
  readonly state: RunState;
  /** The calls awaiting a decision, in call order. */
  readonly pending: readonly PendingApproval[];
}

/** Options of `BareLoop.resume` and `BareLoop.resumeRun`. */
export interface ResumeOptions {
  /** The answer per pending call id: `"approve"`, `"reject"` or `{ edit: input }`. A call left out stays pending. */
  decisions?: Readonly<Record<string, ApprovalDecision>>;
  /** Cancels the resumed run. */
  signal?: AbortSignal;
  /** The zod schema of a typed final answer, as given to `run` (a schema is not part of the state). */
  output?: ZodType;
}

/** Checks the decisions against the calls that await one; throws naming a bad id or answer. */
export function checkDecisions(
  state: RunState,
  decisions: Readonly<Record<string, unknown>> | undefined,
): Map<string, ApprovalDecision> {
  const map = new Map<string, ApprovalDecision>();
  if (decisions === undefined) return map;
  if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions)) {
    throw new TypeError("BareLoop.resume: `decisions` must be an object keyed by call id");
  }
  const waiting = (state.pending?.calls ?? [])
    .filter((c) => c.status === "awaiting-approval")
    .map((c) => c.id);
  for (const [id, decision] of Object.entries(decisions)) {
    if (!waiting.includes(id)) {
      throw new TypeError(
        `BareLoop.resume: \`decisions\` names call ${JSON.stringify(id)}, which is not awaiting approval (awaiting: ${waiting.join(", ") || "none"})`,
      );
    }
    map.set(id, checkDecision(id, decision));
  }
  return map;
}
