/** What the guard needs of a running command: a synchronous kill of everything it started. */
export interface GuardedCommand {
  /** Sends SIGKILL to every process of the command; must not throw. */
  killNow(): void;
}

/** Options for `guardCommand`. */
export interface GuardOptions {
  /**
   * Also end the command when the host process receives SIGTERM, SIGINT or
   * SIGHUP. @default true
   */
  endOnHostSignal?: boolean;
}

/** The host signals after which a command is ended. SIGKILL cannot be caught by any process. */
export const HOST_SIGNALS: readonly NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];

const live = new Map<GuardedCommand, boolean>();
let exitInstalled = false;
let signalsInstalled = false;

/**
 * Remembers a running command until the returned release function is
 * called. If Node exits first (`process.exit`, the end of the event loop),
 * or receives SIGTERM, SIGINT or SIGHUP, every guarded command is killed
 * with all its processes.
 *
 * The guard never changes what a signal does to the host: its signal
 * listener is there only while a guarded command runs (removed with the
 * last one), and it runs before the host's own listeners. When the host has
 * a listener of its own (`process.on` or `process.once`), only the commands
 * are killed and the host decides what happens next; when it has none, the
 * guard removes itself and raises the signal again, so the host dies of it
 * with the usual exit status, as it would have without the guard.
 */
export function guardCommand(
  command: GuardedCommand,
  { endOnHostSignal = true }: GuardOptions = {},
): () => void {
  if (!exitInstalled) {
    exitInstalled = true;
    process.once("exit", onExit);
  }
  live.set(command, endOnHostSignal);
  if (endOnHostSignal) installSignals();
  return () => {
    if (!live.delete(command)) return;
    settle();
  };
}

function onExit(): void {
  killAll(() => true);
}

function installSignals(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  // First in line, so the host's `once` listeners are still registered (and counted) when it runs.
  for (const signal of HOST_SIGNALS) process.prependListener(signal, onHostSignal);
}

function removeSignals(): void {
  if (!signalsInstalled) return;
  signalsInstalled = false;
  for (const signal of HOST_SIGNALS) process.removeListener(signal, onHostSignal);
}

/** Drops the listeners no longer needed once commands are gone. */
function settle(): void {
  if (![...live.values()].some(Boolean)) removeSignals();
  if (live.size === 0 && exitInstalled) {
    exitInstalled = false;
    process.removeListener("exit", onExit);
  }
}

function onHostSignal(signal: NodeJS.Signals): void {
  const hostListens = process.listenerCount(signal) > 1;
  killAll((onSignal) => onSignal);
  settle();
  if (hostListens) return;
  // Ours was the only listener: restore the default action and die of the signal, as Node would have.
  removeSignals();
  process.kill(process.pid, signal);
}

function killAll(which: (endOnHostSignal: boolean) => boolean): void {
  for (const [command, endOnHostSignal] of live) {
    if (!which(endOnHostSignal)) continue;
    live.delete(command);
    try {
      command.killNow();
    } catch {
      // keep ending the others
    }
  }
}
