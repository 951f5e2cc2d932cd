import { performance } from "node:perf_hooks";
import { type ToolContext, ToolError, type ToolOutput, toolTraits } from "@toolkit/core";
import { advertisedSurface, dispatch } from "@toolkit/registry";
import { decidedInput, durableCalls, settleCall } from "../durable/durable-calls.js";
import type { ApprovalDecision } from "../durable/interrupt.js";
import type { PendingCall, PendingTurn, RunState } from "../durable/run-state.js";
import { LoopError } from "./loop-error.js";
import { gateAfterTurn, gateBeforeFinish, gateBeforeRun } from "./run-gates.js";
import type { Message, ToolCallPart, ToolResult } from "../model/messages.js";
import type { FinishReason, ModelReply, ModelRequest } from "../model/model-client.js";
import { addUsage } from "../model/usage.js";
import { finalAnswer, repairNote, type TypedOutput } from "../output/typed-output.js";
import { compactMessages } from "./compaction.js";
import { LoopDetector } from "./loop-detector.js";
import type { ResolvedLoopOptions } from "./loop-options.js";
import { observeCalls } from "./observe-middleware.js";
import { type LoopResult, notify } from "./observer.js";
import { recoveryNote } from "./recovery-note.js";
import { buildSystemPrompt } from "./system-prompt.js";
import { estimateWindowTokens } from "./window-estimate.js";

/** Everything one run needs. */
export interface RunLoopInput {
  options: ResolvedLoopOptions;
  ctx: ToolContext;
  /** The run so far (a new run: the task alone); updated in place as the run goes. */
  state: RunState;
  signal: AbortSignal;
  /** The user's answers to calls that paused for approval, by call id. */
  decisions?: ReadonlyMap<string, ApprovalDecision>;
  /** Saves the state: after each reply, when each call starts and ends, after each turn. */
  persist?: (state: RunState) => Promise<void>;
  /** A typed final answer (`run(task, { output })`). */
  output?: TypedOutput;
}

/** How the turn loop ended: a final answer, or paused at calls awaiting approval. */
export type RunLoopOutcome =
  | { status: "done"; result: LoopResult }
  | { status: "interrupted"; pending: PendingCall[] };

/** The turn loop: request, classify, dispatch, append, until a final answer or a hard failure. */
export async function runLoop({
  options: o,
  ctx,
  state,
  signal,
  decisions = new Map(),
  persist = async () => {},
  output,
}: RunLoopInput): Promise<RunLoopOutcome> {
  const { messages, toolCalls: records, usage } = state;
  // A run continuing a kept conversation numbers its turns on from the earlier runs'.
  const firstTurn = state.firstTurn ?? 1;
  const detector = new LoopDetector(state.detector);
  const save = () => persist(state);
  const ledger = durableCalls({
    pending: () => state.pending,
    decisions,
    interrupts: o.approvals === "interrupt",
    needsApproval: o.needsApproval,
    persist: save,
  });
  const middleware = [ledger, observeCalls(o.observers), ...o.middleware];
  const finish = (text: string, reason: FinishReason, value?: { value: unknown }): RunLoopOutcome => ({
    status: "done",
    result: {
      status: "done",
      runId: state.runId,
      ...(value ? { output: value.value } : {}),
      text,
      messages,
      turns: state.turn - firstTurn + 1,
      toolCalls: records,
      usage: { ...usage },
      finishReason: reason,
    },
  });

  // A new run's task passes the gates once (a resumed run's task already did).
  if (state.turn === firstTurn - 1 && state.pending === null && state.gated !== true) {
    const last = messages.length - 1;
    const task = messages[last];
    if (task?.role === "user")
      messages[last] = { ...task, parts: await gateBeforeRun(o.gates, task.parts, ctx) };
    state.gated = true;
  }
  // Final answers a gate refused in this process (Claude Code's stop_hook_active).
  let continued = 0;

  for (;;) {
    if (state.pending) {
      const paused = await answerPending(state.pending);
      if (paused) return paused;
      continue;
    }
    const turn = state.turn + 1;
    if (signal.aborted) throw cancelled(turn);
    if (turn - firstTurn >= o.maxTurns) {
      throw new LoopError("MaxTurns", `The run reached maxTurns (${o.maxTurns}) before a final answer`, {
        turn: turn - 1,
      });
    }
    // One read of the surface per request: schemas and version stay a pair.
    const surface = advertisedSurface(o.registry, o.selector, turn);
    const advertised = new Set(surface.names);
    const system = buildSystemPrompt({ system: o.system, tools: o.registry.allTools(), advertised });
    const estimate = (list: readonly Message[]) =>
      estimateWindowTokens({ system, messages: list, tools: surface.schemas });
    const compacted = compactMessages({ messages, estimate, budgetTokens: o.contextBudgetTokens });
    messages.splice(0, messages.length, ...compacted.messages);
    const estimateTokens = estimate(messages);
    notify(o.observers, "onTurnStart", { turn, messages: messages.slice(), estimateTokens });

    const request: ModelRequest = {
      system,
      messages: messages.slice(),
      tools: surface.schemas,
      constraint: o.constraint,
      sessionId: state.sessionId,
      ...(output ? { output: output.format } : {}),
    };
    const body = o.model.encode(request);
    notify(o.observers, "onRequest", {
      turn,
      provider: o.model.provider,
      model: o.model.model,
      body,
      surfaceVersion: surface.version,
      tools: surface.names,
      estimateTokens,
      compacted: compacted.evicted,
    });
    const reply = await ask(o, body, signal, turn);
    state.turn = turn;
    addUsage(usage, reply.usage);
    const finishReason: FinishReason =
      reply.finishReason ?? (reply.toolCalls.length > 0 ? "tool-calls" : "stop");
    messages.push({
      role: "assistant",
      text: reply.text,
      toolCalls: reply.toolCalls,
      ...(reply.reasoning && reply.reasoning.length > 0 ? { reasoning: reply.reasoning } : {}),
    });
    const cut = finishReason === "length";

    // A refusal or a filtered reply would only be refused again: it ends the run, unretried.
    if (finishReason === "refusal" || finishReason === "content-filter") {
      return done(finish(reply.text, finishReason));
    }
    if (output && !cut) {
      const answer = finalAnswer(reply, state.carried + reply.text);
      if (answer.found) {
        const checked = output.check(answer.value);
        if (checked.ok) return done(finish(answer.text, finishReason, checked));
        if (state.outputRepairs >= 1) {
          throw new LoopError(
            "InvalidOutput",
            `The final answer did not match the output schema after one repair turn: ${checked.issues}`,
            { turn },
          );
        }
        state.outputRepairs++;
        state.carried = "";
        messages.push(repairMessage(reply.toolCalls, answer.callId, repairNote(checked.issues)));
        await save();
        continue;
      }
    }
    if (reply.toolCalls.length === 0) {
      if (cut) {
        state.carried += reply.text;
        if (state.recoveries + 1 > o.maxRecoveries) return done(finish(state.carried, "length"));
        state.recoveries++;
        messages.push({ role: "user", parts: [{ type: "text", text: recoveryNote("length") }] });
        await save();
        continue;
      }
      const text = state.carried + reply.text;
      if (text.trim() !== "") {
        const more = await gateBeforeFinish(o.gates, { text, turn, continued, ctx });
        if (more === undefined) return done(finish(text, finishReason));
        continued++;
        state.carried = "";
        messages.push({ role: "user", parts: [{ type: "text", text: more }] });
        await save();
        continue;
      }
      state.recoveries = recover(o, state.recoveries, turn, "the model sent an empty reply");
      messages.push({ role: "user", parts: [{ type: "text", text: recoveryNote("empty") }] });
      await save();
      continue;
    }
    state.carried = "";

    for (const call of reply.toolCalls) {
      const streak = detector.observe(call);
      if (streak > o.loopThreshold) {
        throw new LoopError(
          "LoopDetected",
          `The model called '${call.name}' with the same input ${streak} times in a row (threshold ${o.loopThreshold})`,
          { turn },
        );
      }
    }
    state.pending = {
      turn,
      cut,
      advertised: surface.names.slice(),
      calls: reply.toolCalls.map((c) => ({ id: c.id, name: c.name, input: c.input, status: "queued" })),
    };
    await save();
  }

  async function done(outcome: RunLoopOutcome): Promise<RunLoopOutcome> {
    state.status = "done";
    await save();
    return outcome;
  }

  /** Answers the reply's calls not answered yet; returns the pause when some await approval. */
  async function answerPending(pending: PendingTurn): Promise<RunLoopOutcome | undefined> {
    const { turn, cut } = pending;
    const assistant = messages[messages.length - 1];
    const parts = new Map(assistant?.role === "assistant" ? assistant.toolCalls.map((c) => [c.id, c]) : []);
    for (const entry of pending.calls) {
      if (entry.status === "awaiting-approval") entry.status = "queued";
      // Left running by a process that died: answered as interrupted unless the tool may run twice.
      if (entry.status === "running") {
        const tool = o.registry.get(entry.name);
        if (tool && toolTraits(tool).isIdempotent) entry.status = "queued";
        else settleCall(entry, interruptedCall(entry.name));
      }
      const decision = decisions.get(entry.id);
      if (entry.status === "queued" && decision !== undefined) entry.input = decidedInput(entry, decision);
    }
    const todo = pending.calls.filter((c) => c.status === "queued");
    const valid = todo.filter((c) => parts.get(c.id)?.invalidArguments === undefined);
    const dispatched = await dispatch(
      o.registry,
      valid.map((c) => ({ id: c.id, name: c.name, input: c.input })),
      {
        middleware,
        ctx,
        mode: o.mode,
        maxConcurrency: o.maxConcurrency,
        order: o.order,
        advertised: new Set(pending.advertised),
        strict: o.constraint === "strict",
        turn,
      },
    );
    dispatched.forEach((r, i) => {
      const entry = valid[i] as PendingCall;
      if (entry.status === "awaiting-approval") return;
      settleCall(entry, r.output, r.durationMs);
      // A checkpoint layer names the checkpoint it took before this call: the run keeps its id.
      const checkpoint = r.output.meta.checkpoint;
      if (typeof checkpoint === "string" && checkpoint !== "") {
        state.checkpoints = [...(state.checkpoints ?? []), { turn, callId: entry.id, id: checkpoint }];
      }
    });
    for (const entry of todo) {
      const part = parts.get(entry.id);
      if (part?.invalidArguments === undefined) continue;
      settleCall(entry, answerInvalid(part, turn, cut));
    }
    if (signal.aborted) throw cancelled(turn);
    const waiting = pending.calls.filter((c) => c.status === "awaiting-approval");
    if (waiting.length > 0) {
      state.status = "interrupted";
      await save();
      return { status: "interrupted", pending: waiting };
    }
    const toolResults: ToolResult[] = pending.calls.map((entry) => {
      const result = entry.result as NonNullable<PendingCall["result"]>;
      records.push({
        turn,
        id: entry.id,
        name: entry.name,
        input: parts.get(entry.id)?.input ?? entry.input,
        isError: result.isError,
        durationMs: result.durationMs,
      });
      return {
        callId: entry.id,
        name: entry.name,
        parts: result.parts,
        isError: result.isError,
        retention: result.retention,
      };
    });
    messages.push({ role: "tool", results: toolResults });
    state.pending = null;
    state.status = "running";
    await save();
    await gateAfterTurn(o.gates, turn, ctx);
    if (cut) {
      // The results (and the cut-off notes) are the continuation; the cut counts as a recovery.
      if (state.recoveries + 1 > o.maxRecoveries)
        return done(finish(assistant?.role === "assistant" ? assistant.text : "", "length"));
      state.recoveries++;
      await save();
      return undefined;
    }
    state.recoveries = toolResults.every((r) => r.isError)
      ? recover(o, state.recoveries, turn, "every tool call failed")
      : 0;
    await save();
    return undefined;
  }

  /** A call whose arguments were not JSON: answered here, never dispatched. */
  function answerInvalid(c: ToolCallPart, turn: number, cut: boolean): ToolOutput {
    const output = invalidArguments(c, cut);
    const base = { turn, id: c.id, name: c.name, input: c.invalidArguments, tool: undefined };
    notify(o.observers, "onToolPre", base);
    notify(o.observers, "onToolPost", { ...base, output, durationMs: 0, recordsTrajectory: true });
    return output;
  }
}

/** The repair turn: a note as a user message, or as the answer to the final tool's call (other calls not run). */
function repairMessage(
  calls: readonly ToolCallPart[],
  finalCallId: string | undefined,
  note: string,
): Message {
  if (finalCallId === undefined) return { role: "user", parts: [{ type: "text", text: note }] };
  return {
    role: "tool",
    results: calls.map((c) => ({
      callId: c.id,
      name: c.name,
      parts: [
        {
          type: "text",
          text: c.id === finalCallId ? note : "Not run: the final answer came in the same reply.",
        },
      ],
      isError: true,
      retention: "default",
    })),
  };
}

/** The answer to a call that was running when the process running the loop died. */
function interruptedCall(name: string): ToolOutput {
  return ToolError.execution(
    `the call to '${name}' was interrupted: the process running it stopped before it finished, so it may or may not have taken effect`,
    { advice: "Check whether it took effect before calling it again." },
  ).toOutput();
}

async function ask(
  o: ResolvedLoopOptions,
  body: string,
  signal: AbortSignal,
  turn: number,
): Promise<ModelReply> {
  const start = performance.now();
  try {
    const reply = await o.model.send(body, {
      signal,
      onDelta: (d) => notify(o.observers, "onDelta", { turn, ...d }),
    });
    notify(o.observers, "onReply", { turn, reply, durationMs: performance.now() - start });
    return reply;
  } catch (error) {
    if (signal.aborted) throw cancelled(turn, error);
    const message = error instanceof Error ? error.message : String(error);
    throw new LoopError("Model", `The model request failed: ${message}`, { turn, cause: error });
  }
}

function recover(o: ResolvedLoopOptions, recoveries: number, turn: number, why: string): number {
  const next = recoveries + 1;
  if (next > o.maxRecoveries) {
    throw new LoopError(
      "RecoveryExhausted",
      `The run could not recover: ${why}, ${next} turns in a row (maxRecoveries ${o.maxRecoveries})`,
      { turn },
    );
  }
  return next;
}

function invalidArguments(call: ToolCallPart, cut: boolean): ToolOutput {
  const raw = call.invalidArguments ?? "";
  if (cut) {
    return ToolError.invalidInput(
      `the arguments for '${call.name}' were cut off at the output limit after ${raw.length} characters; the call did not run`,
      { advice: "Send the call again with shorter arguments, splitting a large input into several calls." },
    ).toOutput();
  }
  const shown = raw.length > 200 ? `${raw.slice(0, 200)}...` : raw;
  return ToolError.invalidInput(`the arguments for '${call.name}' are not valid JSON: ${shown}`, {
    advice: "Send the arguments again as one JSON object that matches the tool's schema.",
  }).toOutput();
}

function cancelled(turn: number, cause?: unknown): LoopError {
  return new LoopError("Cancelled", "The run was cancelled", { turn, cause });
}
