import type { ContentPart } from "../model/messages.js";
import { emptyUsage } from "../model/usage.js";
import type { ResolvedLoopOptions } from "../loop/loop-options.js";
import { RUN_STATE_VERSION, type RunState } from "./run-state.js";
import { toolDigests } from "./tool-digests.js";

/** The state of a run that has not made its first request. */
export function newRunState(
  o: ResolvedLoopOptions,
  { runId, sessionId, task }: { runId: string; sessionId: string; task: readonly ContentPart[] },
): RunState {
  return {
    schemaVersion: RUN_STATE_VERSION,
    runId,
    sessionId,
    status: "running",
    turn: 0,
    messages: [{ role: "user", parts: task.map((p) => ({ ...p })) }],
    toolCalls: [],
    usage: emptyUsage(),
    recoveries: 0,
    carried: "",
    outputRepairs: 0,
    detector: { last: null, streak: 0 },
    budgets: {
      maxTurns: o.maxTurns,
      loopThreshold: o.loopThreshold,
      maxRecoveries: o.maxRecoveries,
      contextBudgetTokens: o.contextBudgetTokens,
    },
    tools: toolDigests(o.registry),
    pending: null,
  };
}
