import { canonicalJson } from "@toolkit/core";
import type { ToolCallPart } from "../model/messages.js";

/**
 * Counts identical calls (same name, same canonical input) in a row across
 * replies. `observe` returns the streak length after the call.
 */
export class LoopDetector {
  #last: string | undefined;
  #streak = 0;

  observe(call: ToolCallPart): number {
    const key = `${call.name}\u0000${call.invalidArguments ?? canonicalJson(call.input)}`;
    this.#streak = key === this.#last ? this.#streak + 1 : 1;
    this.#last = key;
    return this.#streak;
  }
}
