import { performance } from "node:perf_hooks";
import { type ToolContext, ToolError, type ToolOutput } from "@toolkit/core";
import { advertisedSurface, type DispatchResult, dispatch } from "@toolkit/registry";
import { LoopError } from "./loop-error.js";
import { gateBeforeRun, gateBeforeFinish, gateAfterTurn } from "./run-gates.js";
import type { ContentPart, Message, ToolCallPart, ToolResult } from "../model/messages.js";
import type { FinishReason, ModelReply, ModelRequest, Usage } from "../model/model-client.js";
import { addUsage, emptyUsage } from "../model/usage.js";
import { compactMessages } from "./compaction.js";
import { LoopDetector } from "./loop-detector.js";
import type { ResolvedLoopOptions } from "./loop-options.js";
import { observeCalls } from "./observe-middleware.js";
import { type LoopResult, notify, type ToolCallRecord } from "./observer.js";
import { recoveryNote } from "./recovery-note.js";
import { buildSystemPrompt } from "./system-prompt.js";
import { estimateWindowTokens } from "./window-estimate.js";

/** Everything one run needs. */
export interface RunLoopInput {
  options: ResolvedLoopOptions;
  ctx: ToolContext;
  task: readonly ContentPart[];
  signal: AbortSignal;
}

/** The turn loop: request, classify, dispatch, append, until a final answer or a hard failure. */
export async function runLoop({ options: o, ctx, task, signal }: RunLoopInput): Promise<LoopResult> {
  const messages: Message[] = [{ role: "user", parts: await gateBeforeRun(o.gates, task, ctx) }];
  const records: ToolCallRecord[] = [];
  const usage: Usage = emptyUsage();
  const detector = new LoopDetector();
  const middleware = [observeCalls(o.observers), ...o.middleware];
  let recoveries = 0;
  // The text of replies cut at the output limit, joined to the reply that finishes it.
  let carried = "";
  // Turns a gate refused the final answer of (Claude Code's stop_hook_active).
  let continued = 0;

  for (let turn = 1; ; turn++) {
    if (signal.aborted) throw cancelled(turn);
    if (turn > o.maxTurns) {
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
      sessionId: ctx.sessionId,
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
    addUsage(usage, reply.usage);
    const finishReason: FinishReason =
      reply.finishReason ?? (reply.toolCalls.length > 0 ? "tool-calls" : "stop");
    messages.push({
      role: "assistant",
      text: reply.text,
      toolCalls: reply.toolCalls,
      ...(reply.reasoning && reply.reasoning.length > 0 ? { reasoning: reply.reasoning } : {}),
    });
    const finish = (text: string, reason: FinishReason): LoopResult => ({
      text,
      messages,
      turns: turn,
      toolCalls: records,
      usage: { ...usage },
      finishReason: reason,
    });
    const cut = finishReason === "length";

    // A refusal or a filtered reply would only be refused again: it ends the run, unretried.
    if (finishReason === "refusal" || finishReason === "content-filter") {
      return finish(reply.text, finishReason);
    }
    if (reply.toolCalls.length === 0) {
      if (cut) {
        carried += reply.text;
        if (recoveries + 1 > o.maxRecoveries) return finish(carried, "length");
        recoveries++;
        messages.push({ role: "user", parts: [{ type: "text", text: recoveryNote("length") }] });
        continue;
      }
      const text = carried + reply.text;
      if (text.trim() !== "") {
        const more = await gateBeforeFinish(o.gates, { text, turn, continued, ctx });
        if (more === undefined) return finish(text, finishReason);
        continued++;
        carried = "";
        messages.push({ role: "user", parts: [{ type: "text", text: more }] });
        continue;
      }
      recoveries = recover(o, recoveries, turn, "the model sent an empty reply");
      messages.push({ role: "user", parts: [{ type: "text", text: recoveryNote("empty") }] });
      continue;
    }
    carried = "";

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

    const results = await answer(o, ctx, reply.toolCalls, advertised, turn, cut);
    if (signal.aborted) throw cancelled(turn);
    const toolResults: ToolResult[] = results.map((r, i) => {
      const call = reply.toolCalls[i] as ToolCallPart;
      records.push({
        turn,
        id: r.id,
        name: r.name,
        input: call.input,
        isError: r.output.isError,
        durationMs: r.durationMs,
      });
      return {
        callId: r.id,
        name: r.name,
        parts: r.output.parts,
        isError: r.output.isError,
        retention: r.output.retention,
      };
    });
    messages.push({ role: "tool", results: toolResults });
    await gateAfterTurn(o.gates, turn, ctx);
    if (cut) {
      // The results (and the cut-off notes) are the continuation; the cut counts as a recovery.
      if (recoveries + 1 > o.maxRecoveries) return finish(reply.text, "length");
      recoveries++;
      continue;
    }
    recoveries = toolResults.every((r) => r.isError)
      ? recover(o, recoveries, turn, "every tool call failed")
      : 0;
  }

  async function answer(
    opts: ResolvedLoopOptions,
    context: ToolContext,
    calls: readonly ToolCallPart[],
    names: ReadonlySet<string>,
    turn: number,
    cut: boolean,
  ): Promise<DispatchResult[]> {
    // Calls whose arguments were not JSON are answered here; the rest go through dispatch.
    const valid = calls.filter((c) => c.invalidArguments === undefined);
    const dispatched = await dispatch(
      opts.registry,
      valid.map((c) => ({ id: c.id, name: c.name, input: c.input })),
      {
        middleware,
        ctx: context,
        mode: opts.mode,
        maxConcurrency: opts.maxConcurrency,
        order: opts.order,
        advertised: names,
        strict: opts.constraint === "strict",
        turn,
      },
    );
    let next = 0;
    return calls.map((c) => {
      if (c.invalidArguments === undefined) return dispatched[next++] as DispatchResult;
      const output = invalidArguments(c, cut);
      notify(opts.observers, "onToolPre", {
        turn,
        id: c.id,
        name: c.name,
        input: c.invalidArguments,
        tool: undefined,
      });
      notify(opts.observers, "onToolPost", {
        turn,
        id: c.id,
        name: c.name,
        input: c.invalidArguments,
        tool: undefined,
        output,
        durationMs: 0,
        recordsTrajectory: true,
      });
      return { id: c.id, name: c.name, output, durationMs: 0 };
    });
  }
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
