import type { LoopObserver } from "../loop/observer.js";

/** A sub-agent is starting: sent to the observers of the run whose Task call started it. */
export interface TaskStartEvent {
  /** The parent run's id; undefined outside a BareLoop. */
  readonly runId: string | undefined;
  /** The id of the Task call in the parent's run (its `onToolPre` id); undefined outside a BareLoop. */
  readonly callId: string | undefined;
  /** The parent's turn; undefined outside a BareLoop. */
  readonly turn: number | undefined;
  /** The sub-agent's depth: 1 under a top-level run, 2 under a sub-agent, ... */
  readonly depth: number;
  /** The Task tool's name. */
  readonly tool: string;
  /** The short label the model gave. */
  readonly description: string;
  /** The sub-agent's task. */
  readonly prompt: string;
}

/**
 * Calls `onTaskStart` on each observer and collects the observers they
 * return for the sub-agent's own events. An observer that throws or returns
 * something that is not an object is reported on `console.warn` and skipped.
 */
export function startTask(observers: readonly LoopObserver[], event: TaskStartEvent): LoopObserver[] {
  const nested: LoopObserver[] = [];
  for (const observer of observers) {
    if (typeof observer.onTaskStart !== "function") continue;
    try {
      const child = observer.onTaskStart(event);
      if (child === undefined || child === null) continue;
      if (typeof child !== "object") throw new TypeError(`returned ${typeof child}, not an observer`);
      nested.push(child);
    } catch (error) {
      console.warn(
        `BareLoop: observer onTaskStart threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return nested;
}
