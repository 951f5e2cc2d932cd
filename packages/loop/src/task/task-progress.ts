import type { ToolContext } from "@toolkit/core";
import type { LoopObserver } from "../loop/observer.js";

const INPUT_CHARS = 120;

/**
 * An observer of a sub-agent's run that reports it on the Task call's
 * `ctx.progress`, one line per turn (`turn 2`) and per tool call
 * (`Grep {"pattern":"todo"}`, the input cut at 120 characters).
 * Undefined when nobody listens to the Task call's progress.
 */
export function taskProgressObserver(ctx: ToolContext): LoopObserver | undefined {
  if (!ctx.hasProgressListener) return undefined;
  return {
    onTurnStart: (e) => ctx.progress({ message: `turn ${e.turn}` }),
    onToolPre: (e) => ctx.progress({ message: `${e.name} ${inputLine(e.input)}` }),
  };
}

function inputLine(input: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(input) ?? String(input);
  } catch {
    text = String(input);
  }
  return text.length > INPUT_CHARS ? `${text.slice(0, INPUT_CHARS - 1)}…` : text;
}
