import { constants } from "node:os";

/** The signals that end a server: each one stops it (its temp folder removed) before the process ends. */
export const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];

/**
 * Stops the server on SIGTERM, SIGINT and SIGHUP, then lets the signal do
 * what it would have done: once `stop` settled, the listeners are removed
 * and, when no other listener for that signal is left (the host did not
 * handle it itself), the signal is raised again, so the process dies of it
 * with the usual status. When another listener remains, the process exits
 * with 128 + the signal's number, as a shell reports a death by signal.
 * Returns a function that removes the listeners.
 */
export function stopOnSignals(stop: () => Promise<void>): () => void {
  let stopping = false;
  const remove = (): void => {
    for (const signal of STOP_SIGNALS) process.removeListener(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    void stop()
      .catch(() => undefined)
      .finally(() => {
        remove();
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        else process.exit(128 + (constants.signals[signal] ?? 0));
      });
  }
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return remove;
}
