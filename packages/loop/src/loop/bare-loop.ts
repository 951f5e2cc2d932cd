import { randomUUID } from "node:crypto";
import type { ToolContext } from "@toolkit/core";
import type { output, ZodType } from "zod";
import type { ApprovalDecision } from "../durable/interrupt.js";
import { type TypedOutput, typedOutput } from "../output/typed-output.js";
import { checkDecisions, type InterruptedRun, type ResumeOptions } from "../durable/interrupted-run.js";
import { newRunState } from "../durable/new-run-state.js";
import { redactState } from "../durable/redact-state.js";
import { RunKeeper } from "../durable/run-keeper.js";
import { parseRunState, type RunState, RunStateError } from "../durable/run-state.js";
import { checkRunId } from "../durable/run-store.js";
import { checkToolDigests } from "../durable/tool-digests.js";
import { withRunId } from "../durable/with-run-id.js";
import type { ToolRegistry } from "@toolkit/registry";
import type { ContentPart } from "../model/messages.js";
import { callFrameOf } from "../task/call-frame.js";
import { RunScope } from "../task/run-scope.js";
import { type BareLoopOptions, type ResolvedLoopOptions, resolveLoopOptions } from "./loop-options.js";
import { type LoopResult, notify } from "./observer.js";
import { KeptConversation, type RewindableFiles } from "./kept-conversation.js";
import type { Message } from "../model/messages.js";
import { runLoop } from "./run-loop.js";
import { gateAfterRun } from "./run-gates.js";
import { LoopSession } from "./session.js";

/** Options for one run. */
export interface RunOptions {
  /** Cancels the run: the model request is aborted and running tools see `ctx.signal`. */
  signal?: AbortSignal;
  /**
   * Run inside this tool context instead of the loop's own session: its cwd,
   * session id, temp dir, extensions and cleanups are the caller's (the loop
   * neither creates nor removes the temp dir), and its signal also cancels
   * the run. `taskTool` runs a sub-agent in its Task call's context this way.
   */
  context?: ToolContext;
  /** The run's id, carried by every event and used as its key in `store`. @default a uuid v4 */
  runId?: string;
}

/** Options of `run`: `output` asks for a typed final answer. */
export interface RunTaskOptions<S extends ZodType | undefined = undefined> extends RunOptions {
  /**
   * A zod schema the final answer must match: sent as the provider's
   * structured output (OpenAI `response_format` / `text.format`, Gemini
   * `responseSchema`, an Anthropic final tool); a reply that does not match
   * gets one repair turn, then the run fails with `InvalidOutput`.
   */
  output?: S;
}

/** A result's `output`, typed by the schema given to `run`. */
export type TypedResult<S> = S extends ZodType ? LoopResult & { readonly output: output<S> } : LoopResult;

/** What `run` resolves to: an `InterruptedRun` is possible only with `approvals: "interrupt"`. */
export type RunOutcome<O extends BareLoopOptions, S = undefined> = O extends { approvals: "interrupt" }
  ? TypedResult<S> | InterruptedRun
  : TypedResult<S>;

/**
 * The smallest complete agent loop over a ToolRegistry. Each `run` sends the
 * task, dispatches the model's calls through the middleware pipeline, feeds
 * the results back and repeats until the model answers without calls.
 * Hard failures reject with a `LoopError`.
 *
 * @example
 * await using loop = new BareLoop({ model, registry, system: "You fix bugs." });
 * const { text, turns } = await loop.run("Fix the failing test");
 */
export class BareLoop<O extends BareLoopOptions = BareLoopOptions> {
  readonly #options: ResolvedLoopOptions;
  readonly #session: LoopSession;
  readonly #kept: KeptConversation | undefined;
  readonly #rewindFiles: RewindableFiles | undefined;
  #running = false;

  constructor(options: O) {
    this.#options = resolveLoopOptions(options);
    const { keepConversation = false, rewindFiles } = options;
    if (typeof keepConversation !== "boolean") {
      throw new TypeError(
        `BareLoop: \`keepConversation\` must be a boolean, got ${JSON.stringify(keepConversation)}`,
      );
    }
    if (rewindFiles !== undefined && typeof rewindFiles?.restoreBefore !== "function") {
      throw new TypeError("BareLoop: `rewindFiles` must have a restoreBefore(turns, ctx) method");
    }
    if (rewindFiles !== undefined && !keepConversation) {
      throw new TypeError(
        "BareLoop: `rewindFiles` needs `keepConversation: true` (rewind goes back in a kept conversation)",
      );
    }
    this.#kept = keepConversation ? new KeptConversation() : undefined;
    this.#rewindFiles = rewindFiles;
    this.#session = new LoopSession({
      cwd: options.cwd,
      sessionId: options.sessionId,
      isNonInteractive: options.isNonInteractive,
      userContext: options.userContext,
    });
  }

  /**
   * The registry the loop reads each turn: the mutation handle (seed's
   * `agent.tool_registry()`). A tool registered through it mid-run is
   * advertised on the next request; a removed one drains in-flight calls.
   *
   * @example loop.toolRegistry().register(new FnTool("late", "Late.", schema, run));
   */
  toolRegistry(): ToolRegistry {
    return this.#options.registry;
  }

  /** The session id (it names the temp dir). */
  get sessionId(): string {
    return this.#session.sessionId;
  }

  /**
   * The session's tool context, once the first run started: for what a host
   * does between runs in the tools' session (a restore that clears the fs
   * tools' read records of restored files).
   */
  get context(): ToolContext | undefined {
    return this.#session.ctx;
  }

  /** The session temp dir (`ctx.tempDir`), once the first run started. */
  get tempDir(): string | undefined {
    return this.#session.ctx?.tempDir;
  }

  /** Puts the session temp dir under `base` instead of the OS temp dir. Call before the first run. */
  withTempDir(base: string): this {
    this.#session.setTempBase(base);
    return this;
  }

  /** The loop neither creates nor removes the temp dir (tools may still create it; the host cleans up). */
  withManagedTempDisabled(): this {
    this.#session.disableManagedTemp();
    return this;
  }

  /**
   * Runs a task to a final answer. One run at a time; every run of a loop
   * shares its session (context, temp dir, background jobs) and starts a new
   * conversation, unless `keepConversation` is on: then the task is the next
   * user message of the kept conversation (a run that fails or pauses leaves
   * it as it was). A run inside a caller's `context` never touches the kept
   * one. With `approvals: "interrupt"` it may instead resolve to an
   * `InterruptedRun` (see `resume`; a resumed run does not join the kept
   * conversation).
   */
  async run<S extends ZodType | undefined = undefined>(
    task: string | readonly ContentPart[],
    options: RunTaskOptions<S> = {},
  ): Promise<RunOutcome<O, S>> {
    if (typeof task !== "string" && !Array.isArray(task)) {
      throw new TypeError("BareLoop.run: `task` must be a string or an array of content parts");
    }
    const { context, runId = randomUUID() } = options;
    if (context !== undefined && typeof context?.withSignal !== "function") {
      throw new TypeError("BareLoop.run: `context` must be a ToolContext");
    }
    checkRunId(runId);
    const parts: readonly ContentPart[] = typeof task === "string" ? [{ type: "text", text: task }] : task;
    const sessionId = context?.sessionId ?? this.#session.sessionId;
    const typed = options.output === undefined ? undefined : typedOutput(options.output);
    const state = newRunState(this.#options, { runId, sessionId, task: parts });
    const kept = context ? undefined : this.#kept;
    if (kept) {
      // The task is the next user message of the kept conversation; its turns number on.
      state.messages.unshift(...kept.messages());
      state.firstTurn = kept.nextTurn;
      state.turn = kept.nextTurn - 1;
    }
    return this.#go(state, new Map(), options, undefined, typed, kept) as Promise<RunOutcome<O, S>>;
  }

  /**
   * Continues a run from its `RunState` (an object or its JSON text), in this
   * or any other process: the calls already answered are not run again, each
   * decision is applied (`"approve"`, `"reject"`, `{ edit: input }`), and the
   * conversation sent to the model is the one the run would have sent
   * uninterrupted. Refused when the state is from a newer version, is not
   * valid, or the registry's tools differ from the ones the run started with.
   *
   * @example
   * const r = await loop.resume(JSON.parse(saved), { decisions: { [call.id]: "approve" } });
   */
  async resume(state: RunState | string, options: ResumeOptions = {}): Promise<LoopResult | InterruptedRun> {
    const saved = this.#continuable(parseRunState(state));
    const decisions = checkDecisions(saved, options.decisions);
    const output = resumedOutput(options);
    const keeper = this.#options.store
      ? await RunKeeper.take(this.#options.store, saved.runId, this.#options)
      : undefined;
    return this.#go(saved, decisions, options, keeper, output);
  }

  /**
   * Continues a run saved in `store` (after a crash, or one paused at an
   * approval) from its last saved step. A call that was running when the
   * process died is answered to the model as interrupted, unless its tool is
   * idempotent (`isIdempotent()`, read-only tools by default), which runs
   * again. Refused with a `RunLeaseError` while another process holds the run.
   */
  async resumeRun(runId: string, options: ResumeOptions = {}): Promise<LoopResult | InterruptedRun> {
    const store = this.#options.store;
    if (!store) throw new TypeError("BareLoop.resumeRun: the loop has no `store`; pass one to new BareLoop");
    const keeper = await RunKeeper.take(store, checkRunId(runId), this.#options);
    try {
      const saved = await store.load(runId);
      if (!saved) throw new Error(`BareLoop.resumeRun: the store holds no run ${JSON.stringify(runId)}`);
      const state = this.#continuable(saved);
      return await this.#go(
        state,
        checkDecisions(state, options.decisions),
        options,
        keeper,
        resumedOutput(options),
      );
    } catch (error) {
      await keeper.close();
      throw error;
    }
  }

  #continuable(state: RunState): RunState {
    if (state.status === "done") throw new RunStateError(`RunState: run ${state.runId} already finished`);
    checkToolDigests(state.tools, this.#options.registry);
    return state;
  }

  async #go(
    state: RunState,
    decisions: ReadonlyMap<string, ApprovalDecision>,
    { signal, context }: RunOptions,
    held: RunKeeper | undefined,
    output?: TypedOutput,
    kept?: KeptConversation,
  ): Promise<LoopResult | InterruptedRun> {
    if (this.#running) {
      await held?.close();
      throw new Error("BareLoop.run: a run is already in progress on this loop");
    }
    this.#running = true;
    let keeper = held;
    const base = this.#options;
    const start = base.clock.now();
    const firstTurn = state.firstTurn ?? 1;
    const runTurns = () => Math.max(0, state.turn - firstTurn + 1);
    const observers = withRunId(kept ? [kept.tracker(), ...base.observers] : base.observers, state.runId);
    const o: ResolvedLoopOptions = { ...base, ...state.budgets, observers };
    const scope = new RunScope(o, context && callFrameOf(context), state.runId);
    const options = { ...o, middleware: [scope.bindCalls, ...o.middleware] };
    const unsubscribe = o.registry.onToolSurfaceChanged((diff) =>
      notify(observers, "onToolSurfaceChanged", diff),
    );
    let runCtx: ToolContext | undefined;
    try {
      if (context && this.#session.disposed)
        throw new Error("BareLoop: the loop was disposed; create a new one");
      if (!keeper && o.store) keeper = await RunKeeper.take(o.store, state.runId, o);
      const ctx = context ?? (await this.#session.start());
      const signals = [signal, context?.signal].filter((s): s is AbortSignal => s !== undefined);
      const runSignal = signals.length
        ? AbortSignal.any([...signals, this.#session.signal])
        : this.#session.signal;
      if (keeper) await keeper.persist(state);
      runCtx = ctx.withSignal(runSignal);
      const outcome = await runLoop({
        options,
        ctx: runCtx,
        state,
        signal: runSignal,
        decisions,
        ...(keeper ? { persist: keeper.persist } : {}),
        ...(output ? { output } : {}),
      });
      if (outcome.status === "interrupted") {
        kept?.fail(runTurns(), firstTurn);
        return {
          status: "interrupted",
          runId: state.runId,
          state: o.redactOutputs ? redactState(state) : state,
          pending: outcome.pending.map(({ id, name, input }) => ({ id, name, input })),
        };
      }
      const result = scope.settle(outcome.result);
      kept?.finish(result.messages, firstTurn + result.turns - 1);
      await gateAfterRun(o.gates, { result, error: undefined, ctx: runCtx });
      notify(observers, "onFinish", {
        result,
        error: undefined,
        turns: result.turns,
        durationMs: o.clock.now() - start,
      });
      return result;
    } catch (error) {
      kept?.fail(runTurns(), firstTurn);
      const failure = error instanceof Error ? error : new Error(String(error));
      await gateAfterRun(o.gates, { result: undefined, error: failure, ctx: runCtx });
      notify(observers, "onFinish", {
        result: undefined,
        error: error instanceof Error ? error : new Error(String(error)),
        turns: runTurns(),
        durationMs: o.clock.now() - start,
      });
      throw error;
    } finally {
      unsubscribe();
      await keeper?.close();
      this.#running = false;
    }
  }

  /**
   * Goes back to the end of turn `toTurn` of the kept conversation (0: before
   * the first turn), files and conversation as one operation: the files are
   * put back as they were before the first later turn changed them (through
   * `rewindFiles`), then the conversation is cut after `toTurn`. When the
   * files cannot be restored it rejects and the conversation stays whole.
   * Needs `keepConversation: true`; not while a run is in progress.
   *
   * @example
   * await loop.run("Rename the option");  // turns 1-3
   * await loop.rewind(1);                  // files and conversation as after turn 1
   */
  async rewind(toTurn: number): Promise<void> {
    const kept = this.#kept;
    if (!kept)
      throw new Error(
        "BareLoop.rewind: the loop keeps no conversation; create it with `keepConversation: true`",
      );
    if (this.#running) throw new Error("BareLoop.rewind: a run is in progress on this loop");
    const { later, keep } = kept.plan(toTurn);
    this.#running = true;
    try {
      if (later.length > 0 && this.#rewindFiles) {
        await this.#rewindFiles.restoreBefore(later, await this.#session.start());
      }
      kept.truncate(toTurn, keep);
    } finally {
      this.#running = false;
    }
  }

  /** The kept conversation (a copy; empty unless `keepConversation` is on). */
  conversation(): Message[] {
    return this.#kept?.messages() ?? [];
  }

  /** The turn numbers of the kept conversation, oldest first. */
  conversationTurns(): number[] {
    return this.#kept?.turns() ?? [];
  }

  /** Ends background jobs (`ctx.onDispose` cleanups) and removes the session temp dir. Idempotent. */
  async dispose(): Promise<void> {
    await this.#session.dispose();
  }

  /** `await using loop = new BareLoop(...)` disposes at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}

function resumedOutput(options: ResumeOptions): TypedOutput | undefined {
  return options.output === undefined ? undefined : typedOutput(options.output);
}
