import type { Tool, ToolOutput, ToolProgress } from "@toolkit/core";
import type { SurfaceDiff } from "@toolkit/registry";
import type { LoopError } from "./loop-error.js";
import type { Message } from "../model/messages.js";
import type { FinishReason, ModelReply, StreamDelta, Usage } from "../model/model-client.js";
import type { TaskStartEvent } from "../task/task-events.js";

/** One tool call as the run recorded it. */
export interface ToolCallRecord {
  readonly turn: number;
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly isError: boolean;
  readonly durationMs: number;
}

/** What `run()` resolves to. */
export interface LoopResult {
  /** The run reached a final answer (an interrupted run resolves to an `InterruptedRun`). */
  readonly status: "done";
  /** The run's id, as every event of the run carried it. */
  readonly runId: string;
  /** The final reply's text (a typed answer: its JSON). */
  readonly text: string;
  /** The typed final answer, validated, when the run was given `output`. */
  readonly output?: unknown;
  /** The whole conversation, the task first. */
  readonly messages: readonly Message[];
  /** Model requests made. */
  readonly turns: number;
  /** Every call, in the order they were answered. */
  readonly toolCalls: readonly ToolCallRecord[];
  /** Tokens the provider reported, summed over the turns (cached and reasoning tokens included). */
  readonly usage: Usage;
  /**
   * Why the last reply ended: `stop`, or `refusal` / `content-filter` (the run
   * ends at once; `text` is the refusal), or `length` (still cut after the
   * continuations `maxRecoveries` allows; `text` is what arrived).
   */
  readonly finishReason: FinishReason;
}

/** What every event carries: the id of the run it belongs to, so one observer can serve concurrent runs. */
export interface RunEvent {
  readonly runId: string;
}

/** Sent before each model request. */
export interface TurnStartEvent extends RunEvent {
  readonly turn: number;
  readonly messages: readonly Message[];
  /** The window estimate for this turn's request (system + messages + advertised schemas). */
  readonly estimateTokens: number;
}

/** The exact request about to be sent. */
export interface RequestEvent extends RunEvent {
  readonly turn: number;
  readonly provider: string;
  readonly model: string;
  /** The body, byte for byte. */
  readonly body: string;
  /** The registry version the advertised surface belongs to. */
  readonly surfaceVersion: number;
  /** The advertised names, in the order shown. */
  readonly tools: readonly string[];
  readonly estimateTokens: number;
  /** Results compaction replaced before this request. */
  readonly compacted: number;
}

/** The model's reply to one request. */
export interface ReplyEvent extends RunEvent {
  readonly turn: number;
  readonly reply: ModelReply;
  readonly durationMs: number;
}

/** A piece of a streamed reply, as it arrives (only when the client streams). */
export interface DeltaEvent extends StreamDelta, RunEvent {
  readonly turn: number;
}

/** A call about to run (after validation and classification). */
export interface ToolPreEvent extends RunEvent {
  readonly turn: number;
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  /** The tool, or undefined for a name that is unknown or not advertised. */
  readonly tool: Tool | undefined;
}

/**
 * A running call's progress (its `ctx.progress`), rate-limited per call and
 * always between that call's `onToolPre` and `onToolPost`.
 */
export interface ToolProgressUpdateEvent {
  readonly turn: number;
  /** The call id, as in `onToolPre`. */
  readonly id: string;
  readonly name: string;
  /** The tool, or undefined for a name that is unknown or not advertised. */
  readonly tool: Tool | undefined;
  /** The update, sanitized (see `ToolProgress` in @toolkit/core). */
  readonly update: ToolProgress;
  /** False when the tool asked not to be recorded (`recordsTrajectory()`). */
  readonly recordsTrajectory: boolean;
}

/** A call answered. */
export interface ToolPostEvent extends ToolPreEvent {
  readonly output: ToolOutput;
  readonly durationMs: number;
  /** False when the tool asked not to be recorded (`recordsTrajectory()`). */
  readonly recordsTrajectory: boolean;
}

/** The run ended, with a result or a hard failure. */
export interface FinishEvent extends RunEvent {
  readonly result: LoopResult | undefined;
  /** A LoopError for hard failures; any other error is a bug or a broken setup. */
  readonly error: LoopError | Error | undefined;
  readonly turns: number;
  readonly durationMs: number;
}

/**
 * Hooks into a run. Every method is optional; an observer that throws is
 * reported on `console.warn` and never breaks the run.
 */
export interface LoopObserver {
  onTurnStart?(event: TurnStartEvent): void;
  onRequest?(event: RequestEvent): void;
  /** A piece of a streamed reply: text, reasoning, or a call's argument text. */
  onDelta?(event: DeltaEvent): void;
  onReply?(event: ReplyEvent): void;
  onToolPre?(event: ToolPreEvent): void;
  /** A running call reported progress (between its `onToolPre` and `onToolPost`). */
  onToolProgress?(event: ToolProgressUpdateEvent): void;
  onToolPost?(event: ToolPostEvent): void;
  /** The registry changed during the run (lists name-sorted). */
  onToolSurfaceChanged?(diff: SurfaceDiff & RunEvent): void;
  onFinish?(event: FinishEvent): void;
  /**
   * A Task call is starting a sub-agent. Return an observer to receive the
   * sub-agent's own events (its turns, calls and finish), e.g. to show them
   * under the call `event.callId`; return nothing to ignore them.
   */
  onTaskStart?(event: TaskStartEvent): LoopObserver | undefined;
}

type Hook = keyof LoopObserver;
/** An event as the loop builds it; `withRunId` observers add the run id. */
type EventOf<H extends Hook> = Omit<Parameters<NonNullable<LoopObserver[H]>>[0], "runId">;

/** Calls one hook on every observer, isolating failures. */
export function notify<H extends Hook>(observers: readonly LoopObserver[], hook: H, event: EventOf<H>): void {
  for (const observer of observers) {
    const fn = observer[hook] as ((e: EventOf<H>) => void) | undefined;
    if (!fn) continue;
    try {
      fn.call(observer, event);
    } catch (error) {
      console.warn(
        `BareLoop: observer ${hook} threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
