import type { Middleware } from "@toolkit/registry";
import type { Usage } from "../model/model-client.js";
import type { ResolvedLoopOptions } from "../loop/loop-options.js";
import type { LoopObserver, LoopResult } from "../loop/observer.js";
import { type CallFrame, withCallFrame } from "./call-frame.js";
import { sumUsage } from "./sum-usage.js";

/**
 * One BareLoop run as its tool calls see it: how deep it is among
 * sub-agents, its observers and pipeline (a sub-agent inherits them), and
 * where a sub-agent's usage is added.
 */
export class RunScope {
  /** 0 for a top-level run, 1 for a sub-agent it started, and so on. */
  readonly depth: number;
  /** The run's id. */
  readonly runId: string;
  readonly observers: readonly LoopObserver[];
  readonly middleware: readonly Middleware[];
  readonly dispatch: Pick<ResolvedLoopOptions, "mode" | "maxConcurrency" | "order">;
  readonly #parent: RunScope | undefined;
  #extra: Usage | undefined;

  constructor(options: ResolvedLoopOptions, parent: CallFrame | undefined, runId: string) {
    this.runId = runId;
    this.#parent = parent?.scope;
    this.depth = parent ? parent.scope.depth + 1 : 0;
    this.observers = options.observers;
    this.middleware = options.middleware;
    this.dispatch = { mode: options.mode, maxConcurrency: options.maxConcurrency, order: options.order };
  }

  /** Adds a sub-agent's usage to this run's result and to every run above it. */
  addUsage(usage: Usage): void {
    this.#extra = this.#extra ? sumUsage(this.#extra, usage) : { ...usage };
    this.#parent?.addUsage(usage);
  }

  /** The run's result with its sub-agents' usage added (the same object when there was none). */
  settle(result: LoopResult): LoopResult {
    return this.#extra ? { ...result, usage: sumUsage(result.usage, this.#extra) } : result;
  }

  /** The outermost layer of the run's pipeline: gives each call's context this run's frame. */
  get bindCalls(): Middleware {
    const scope = this;
    return async function bindRunScope(call, next) {
      return next({ ...call, ctx: withCallFrame(call.ctx, { scope, callId: call.id, turn: call.turn }) });
    };
  }
}
