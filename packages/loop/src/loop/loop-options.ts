import type { DispatchCall, Middleware, Selector, ToolRegistry } from "@toolkit/registry";
import type { RewindableFiles } from "./kept-conversation.js";
import { notReadOnly } from "../durable/durable-calls.js";
import type { RunStore } from "../durable/run-store.js";
import { type Clock, systemClock } from "../runtime/clock.js";
import type { Constraint, ModelClient } from "../model/model-client.js";
import type { LoopGate } from "./loop-gate.js";
import type { LoopObserver } from "./observer.js";

/** How a reply's calls are dispatched. */
export interface LoopDispatchOptions {
  /** @default "sequential" */
  mode?: "sequential" | "parallel";
  /** Most calls at once in a parallel wave. @default 8 */
  maxConcurrency?: number;
  /** Wave ordering in parallel mode (see `planWaves`). @default "hoist" */
  order?: "hoist" | "preserve";
}

/** Options for `new BareLoop(...)`. */
export interface BareLoopOptions {
  /** The provider client: `openaiChat(...)`, `anthropicMessages(...)`, ... */
  model: ModelClient;
  /** Read afresh every turn: a tool registered mid-run is advertised on the next request. */
  registry: ToolRegistry;
  /** The dispatch pipeline, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The system prompt; each advertised tool's `systemPrompt()` follows it. */
  system?: string;
  /** Chooses the advertised tools each turn. @default every registered tool */
  selector?: Selector;
  /** `"strict"` tightens schemas (OpenAI also gets `strict: true`). @default "none" */
  constraint?: Constraint;
  /** @default { mode: "sequential", maxConcurrency: 8 } */
  dispatch?: LoopDispatchOptions;
  /** Most model requests per run. @default 50 */
  maxTurns?: number;
  /** The most times the same call may repeat in a row; one more ends the run with `LoopDetected`. @default 3 */
  loopThreshold?: number;
  /** Consecutive turns needing recovery (an empty reply, every call failing) before `RecoveryExhausted`; also the most continuations of replies cut at the output limit. @default 5 */
  maxRecoveries?: number;
  /** The window budget; past it, old results are compacted. @default 100000 */
  contextBudgetTokens?: number;
  /** @default [] */
  observers?: readonly LoopObserver[];
  /** Awaited points whose answers change the run (e.g. `@toolkit/hooks`' Stop hooks), in order. @default [] */
  gates?: readonly LoopGate[];
  /** The tools' working directory. @default process.cwd() */
  cwd?: string;
  /** The session id (names the temp dir). @default a uuid v4 */
  sessionId?: string;
  /** True when nobody can answer a prompt. @default !process.stdin.isTTY */
  isNonInteractive?: boolean;
  /** Host data passed to tools as `ctx.userContext`. @default {} */
  userContext?: Record<string, string>;
  /** Time for durations. @default systemClock */
  clock?: Clock;
  /**
   * Keep the conversation across runs: each `run()` continues it, turns are
   * numbered across runs, and `rewind(toTurn)` can go back. @default false
   * (each run starts a new conversation)
   */
  keepConversation?: boolean;
  /** The files side of `rewind` (e.g. `@toolkit/checkpoint`'s `withCheckpoints` layer). @default none: rewind cuts the conversation only */
  rewindFiles?: RewindableFiles;
  /**
   * `"interrupt"`: a call that needs approval (see `needsApproval`), or that
   * an `approvals()` layer answered `"interrupt"` for, pauses the run: `run`
   * resolves to `{ status: "interrupted", state, pending }` and
   * `resume(state, { decisions })` continues it, in any process.
   * @default undefined (no pauses)
   */
  approvals?: "interrupt";
  /** Which calls pause under `approvals: "interrupt"`. @default calls of tools that are not read-only */
  needsApproval?: (call: DispatchCall) => boolean;
  /** Saves every run here (after each reply, call and turn) so `resumeRun(id)` can continue it after a crash. */
  store?: RunStore;
  /** How long a run's lease in `store` lasts; it is renewed while the run goes on. @default 60000 */
  leaseMs?: number;
  /**
   * Runs the shared secret redactor over the tool outputs of every stored
   * state (in `store` and an `InterruptedRun`'s `state`). A resumed run then
   * sends the redacted text: its conversation is no longer byte-identical.
   * @default false
   */
  redactOutputs?: boolean;
}

/** Options after defaults and checks. */
export interface ResolvedLoopOptions {
  model: ModelClient;
  registry: ToolRegistry;
  middleware: readonly Middleware[];
  system: string | undefined;
  selector: Selector | undefined;
  constraint: Constraint;
  mode: "sequential" | "parallel";
  maxConcurrency: number;
  order: "hoist" | "preserve";
  maxTurns: number;
  loopThreshold: number;
  maxRecoveries: number;
  contextBudgetTokens: number;
  observers: readonly LoopObserver[];
  gates: readonly LoopGate[];
  clock: Clock;
  approvals: "interrupt" | undefined;
  needsApproval: (call: DispatchCall) => boolean;
  store: RunStore | undefined;
  leaseMs: number;
  redactOutputs: boolean;
}

/** Applies defaults and throws a TypeError naming any bad option. */
export function resolveLoopOptions(options: BareLoopOptions): ResolvedLoopOptions {
  if (options === null || typeof options !== "object")
    throw new TypeError("BareLoop: options must be an object");
  const {
    model,
    registry,
    middleware = [],
    system,
    selector,
    constraint = "none",
    dispatch = {},
    maxTurns = 50,
    loopThreshold = 3,
    maxRecoveries = 5,
    contextBudgetTokens = 100_000,
    observers = [],
    gates = [],
    clock = systemClock,
    approvals,
    needsApproval = notReadOnly,
    store,
    leaseMs = 60_000,
    redactOutputs = false,
  } = options;
  const { mode = "sequential", maxConcurrency = 8, order = "hoist" } = dispatch;
  if (!model || typeof model.encode !== "function" || typeof model.send !== "function") {
    throw new TypeError(
      "BareLoop: `model` must be a ModelClient (openaiChat(...), anthropicMessages(...), ...)",
    );
  }
  if (!registry || typeof registry.versionedSurface !== "function") {
    throw new TypeError("BareLoop: `registry` must be a ToolRegistry");
  }
  if (!Array.isArray(middleware)) throw new TypeError("BareLoop: `middleware` must be an array");
  if (system !== undefined && typeof system !== "string")
    throw new TypeError("BareLoop: `system` must be a string");
  if (selector !== undefined && typeof selector !== "function") {
    throw new TypeError("BareLoop: `selector` must be a function (turn) => names");
  }
  if (constraint !== "none" && constraint !== "strict") {
    throw new TypeError(
      `BareLoop: \`constraint\` must be "none" or "strict", got ${JSON.stringify(constraint)}`,
    );
  }
  if (mode !== "sequential" && mode !== "parallel") {
    throw new TypeError(
      `BareLoop: \`dispatch.mode\` must be "sequential" or "parallel", got ${JSON.stringify(mode)}`,
    );
  }
  if (order !== "hoist" && order !== "preserve") {
    throw new TypeError(
      `BareLoop: \`dispatch.order\` must be "hoist" or "preserve", got ${JSON.stringify(order)}`,
    );
  }
  positiveInteger("dispatch.maxConcurrency", maxConcurrency);
  positiveInteger("maxTurns", maxTurns);
  positiveInteger("loopThreshold", loopThreshold);
  positiveInteger("maxRecoveries", maxRecoveries);
  if (typeof contextBudgetTokens !== "number" || !(contextBudgetTokens > 0)) {
    throw new TypeError(
      `BareLoop: \`contextBudgetTokens\` must be a positive number, got ${String(contextBudgetTokens)}`,
    );
  }
  if (!Array.isArray(observers)) throw new TypeError("BareLoop: `observers` must be an array");
  if (approvals !== undefined && approvals !== "interrupt") {
    throw new TypeError(
      `BareLoop: \`approvals\` must be "interrupt" or absent, got ${JSON.stringify(approvals)}`,
    );
  }
  if (typeof needsApproval !== "function")
    throw new TypeError("BareLoop: `needsApproval` must be a function (call) => boolean");
  if (
    store !== undefined &&
    (store === null || typeof store.save !== "function" || typeof store.acquire !== "function")
  ) {
    throw new TypeError("BareLoop: `store` must be a RunStore (acquire, renew, release, save, load, delete)");
  }
  positiveInteger("leaseMs", leaseMs);
  if (typeof redactOutputs !== "boolean") {
    throw new TypeError(
      `BareLoop: \`redactOutputs\` must be a boolean, got ${JSON.stringify(redactOutputs)}`,
    );
  }
  if (!Array.isArray(gates)) throw new TypeError("BareLoop: `gates` must be an array");
  return {
    model,
    registry,
    middleware,
    system,
    selector,
    constraint,
    mode,
    maxConcurrency,
    order,
    maxTurns,
    loopThreshold,
    maxRecoveries,
    contextBudgetTokens,
    observers,
    gates,
    clock,
    approvals,
    needsApproval,
    store,
    leaseMs,
    redactOutputs,
  };
}

function positiveInteger(name: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new TypeError(`BareLoop: \`${name}\` must be a positive integer, got ${String(value)}`);
  }
}
