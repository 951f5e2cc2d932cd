import type { LoopObserver } from "../loop/observer.js";

/** Every `on…` method an observer has, own or inherited (a class instance's methods too). */
function hooksOf(observer: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = observer; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (/^on[A-Z]/.test(name) && typeof (observer as Record<string, unknown>)[name] === "function")
        names.add(name);
    }
  }
  return [...names];
}

/**
 * The observers of one run: each event gets `runId`, so an observer shared
 * by concurrent runs (a memory observer, a tracer, a console) keeps them
 * apart. Every `on…` hook is forwarded, including hooks this version does
 * not know. An event that already carries a run id keeps it: a sub-agent's
 * events reach its parent's observers with the sub-agent's own id.
 */
export function withRunId(observers: readonly LoopObserver[], runId: string): LoopObserver[] {
  return observers.map((observer) => {
    const tagged: Record<string, (event: unknown) => unknown> = {};
    for (const hook of hooksOf(observer)) {
      const fn = (observer as Record<string, (event: unknown) => unknown>)[hook] as (
        event: unknown,
      ) => unknown;
      tagged[hook] = (event) =>
        fn.call(
          observer,
          typeof event === "object" && event !== null && (event as { runId?: unknown }).runId === undefined
            ? { ...event, runId }
            : event,
        );
    }
    return tagged as LoopObserver;
  });
}
