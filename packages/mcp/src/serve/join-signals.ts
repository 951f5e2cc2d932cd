/** A signal that fires when any of its sources fires, and how to let go of the sources. */
export interface JoinedSignal {
  readonly signal: AbortSignal;
  /** Removes the listeners on the sources; call it when the work ends. Idempotent. */
  release(): void;
}

/**
 * Joins abort signals with plain listeners, removed by `release()`. Used
 * instead of `AbortSignal.any`, which on Node 20 keeps a record of every
 * joined signal on a long-lived source (the session's), so memory grew with
 * each tool call.
 */
export function joinSignals(sources: readonly AbortSignal[]): JoinedSignal {
  const controller = new AbortController();
  const fired = sources.find((s) => s.aborted);
  if (fired) {
    controller.abort(fired.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const listeners: Array<[AbortSignal, () => void]> = [];
  const release = (): void => {
    for (const [source, listener] of listeners.splice(0)) source.removeEventListener("abort", listener);
  };
  for (const source of sources) {
    const listener = (): void => {
      release();
      controller.abort(source.reason);
    };
    source.addEventListener("abort", listener, { once: true });
    listeners.push([source, listener]);
  }
  return { signal: controller.signal, release };
}
