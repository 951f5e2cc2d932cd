import type { LoopObserver } from "../loop/observer.js";

const HOOKS = [
  "onTurnStart",
  "onRequest",
  "onDelta",
  "onReply",
  "onToolPre",
  "onToolPost",
  "onToolSurfaceChanged",
  "onFinish",
  "onTaskStart",
] as const satisfies readonly (keyof LoopObserver)[];

/**
 * The observers of one run: each event gets `runId`, so an observer shared
 * by concurrent runs (a memory observer, a tracer, a console) keeps them
 * apart. An event that already carries a run id keeps it: a sub-agent's
 * events reach its parent's observers with the sub-agent's own id.
 */
export function withRunId(observers: readonly LoopObserver[], runId: string): LoopObserver[] {
  return observers.map((observer) => {
    const tagged: Record<string, (event: object) => unknown> = {};
    for (const hook of HOOKS) {
      const fn = observer[hook] as ((event: object) => unknown) | undefined;
      if (typeof fn !== "function") continue;
      tagged[hook] = (event) =>
        fn.call(observer, (event as { runId?: unknown }).runId === undefined ? { ...event, runId } : event);
    }
    return tagged as LoopObserver;
  });
}
