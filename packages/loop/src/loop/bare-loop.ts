import type { ToolContext } from "@toolkit/core";
import type { ToolRegistry } from "@toolkit/registry";
import type { ContentPart } from "../model/messages.js";
import { callFrameOf } from "../task/call-frame.js";
import { RunScope } from "../task/run-scope.js";
import { type BareLoopOptions, type ResolvedLoopOptions, resolveLoopOptions } from "./loop-options.js";
import { type LoopResult, notify } from "./observer.js";
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
}

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
export class BareLoop {
  readonly #options: ResolvedLoopOptions;
  readonly #session: LoopSession;
  #running = false;

  constructor(options: BareLoopOptions) {
    this.#options = resolveLoopOptions(options);
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
   * shares its session (context, temp dir, background jobs) but starts a new
   * conversation.
   */
  async run(
    task: string | readonly ContentPart[],
    { signal, context }: RunOptions = {},
  ): Promise<LoopResult> {
    if (typeof task !== "string" && !Array.isArray(task)) {
      throw new TypeError("BareLoop.run: `task` must be a string or an array of content parts");
    }
    if (context !== undefined && typeof context?.withSignal !== "function") {
      throw new TypeError("BareLoop.run: `context` must be a ToolContext");
    }
    if (this.#running) throw new Error("BareLoop.run: a run is already in progress on this loop");
    this.#running = true;
    const o = this.#options;
    const start = o.clock.now();
    let turns = 0;
    const countTurns = {
      onTurnStart: (e: { turn: number }) => {
        turns = e.turn;
      },
    };
    const scope = new RunScope(o, context && callFrameOf(context));
    const options = {
      ...o,
      observers: [countTurns, ...o.observers],
      middleware: [scope.bindCalls, ...o.middleware],
    };
    const unsubscribe = o.registry.onToolSurfaceChanged((diff) =>
      notify(o.observers, "onToolSurfaceChanged", diff),
    );
    let runCtx: ToolContext | undefined;
    try {
      if (context && this.#session.disposed)
        throw new Error("BareLoop: the loop was disposed; create a new one");
      const base = context ?? (await this.#session.start());
      const signals = [signal, context?.signal].filter((s): s is AbortSignal => s !== undefined);
      const runSignal = signals.length
        ? AbortSignal.any([...signals, this.#session.signal])
        : this.#session.signal;
      const parts: readonly ContentPart[] = typeof task === "string" ? [{ type: "text", text: task }] : task;
      runCtx = base.withSignal(runSignal);
      const result = scope.settle(await runLoop({ options, ctx: runCtx, task: parts, signal: runSignal }));
      await gateAfterRun(o.gates, { result, error: undefined, ctx: runCtx });
      notify(o.observers, "onFinish", { result, error: undefined, turns, durationMs: o.clock.now() - start });
      return result;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      await gateAfterRun(o.gates, { result: undefined, error: failure, ctx: runCtx });
      notify(o.observers, "onFinish", {
        result: undefined,
        error: error instanceof Error ? error : new Error(String(error)),
        turns,
        durationMs: o.clock.now() - start,
      });
      throw error;
    } finally {
      unsubscribe();
      this.#running = false;
    }
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
