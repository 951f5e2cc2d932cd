import { canonicalJson } from "@toolkit/core";
import type { ToolCallPart } from "../model/messages.js";

/** The detector's memory: the last call's key and its streak (kept in a RunState). */
export interface LoopDetectorState {
  last: string | null;
  streak: number;
}

/**
 * Counts identical calls (same name, same canonical input) in a row across
 * replies. `observe` returns the streak length after the call. It works on
 * the state object it is given, so a saved run continues the count.
 */
export class LoopDetector {
  readonly #state: LoopDetectorState;

  constructor(state: LoopDetectorState = { last: null, streak: 0 }) {
    this.#state = state;
  }

  observe(call: ToolCallPart): number {
    const key = `${call.name}\u0000${call.invalidArguments ?? canonicalJson(call.input)}`;
    this.#state.streak = key === this.#state.last ? this.#state.streak + 1 : 1;
    this.#state.last = key;
    return this.#state.streak;
  }
}
