import type { ToolContext } from "@toolkit/core";
import type { ContentPart } from "../model/messages.js";
import type { LoopResult } from "./observer.js";

/** The answer of `beforeRun`: end the run before any request, or add text to the task. */
export type BeforeRunVerdict = { readonly block: string } | { readonly addContext: string };

/** The answer of `beforeFinish`: refuse the final answer and send this text as the next user message. */
export interface BeforeFinishVerdict {
  readonly continueWith: string;
}

/** The answer of `afterTurn`: end the run after this turn's results. */
export interface AfterTurnVerdict {
  readonly stop: string;
}

/**
 * An awaited point of a run whose answer changes it (observers only watch
 * and are not awaited). Every method is optional. A gate that throws fails
 * the run: a gate exists to decide, so its failure is not ignored.
 * `@toolkit/hooks` implements one for UserPromptSubmit, Stop, SessionStart
 * and SessionEnd hooks.
 */
export interface LoopGate {
  /** Before the first request. `block` ends the run with a `Gate` LoopError; `addContext` appends a text part to the task. */
  beforeRun?(event: {
    readonly task: readonly ContentPart[];
    readonly ctx: ToolContext;
  }): Promise<BeforeRunVerdict | undefined> | BeforeRunVerdict | undefined;
  /**
   * The model answered without calls. `continueWith` makes the loop take
   * another turn with that text as a user message; `continued` counts the
   * turns this run was already continued this way (Claude Code's
   * `stop_hook_active` is `continued > 0`).
   */
  beforeFinish?(event: {
    readonly text: string;
    readonly turn: number;
    readonly continued: number;
    readonly ctx: ToolContext;
  }): Promise<BeforeFinishVerdict | undefined> | BeforeFinishVerdict | undefined;
  /** After a turn's tool results were appended. `stop` ends the run with a `Gate` LoopError. */
  afterTurn?(event: {
    readonly turn: number;
    readonly ctx: ToolContext;
  }): Promise<AfterTurnVerdict | undefined> | AfterTurnVerdict | undefined;
  /** The run ended (awaited before `run()` settles); its failure is reported on console.warn. */
  afterRun?(event: {
    readonly result: LoopResult | undefined;
    readonly error: Error | undefined;
    readonly ctx: ToolContext | undefined;
  }): Promise<void> | void;
}
