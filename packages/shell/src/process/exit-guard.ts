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
 * with all its processes. A signal handler would otherwise keep Node alive:
 * when no other listener is registered for the signal, the handler removes
 * itself and raises the signal again, so the host still dies of it with the
 * usual exit status. With other listeners present (the host handles the
 * signal itself), only the commands are killed.
 */
export function guardCommand(
  command: GuardedCommand,
  { endOnHostSignal = true }: GuardOptions = {},
): () => void {
  if (!exitInstalled) {
    exitInstalled = true;
    process.once("exit", () => killAll(() => true));
  }
  if (endOnHostSignal && !signalsInstalled) {
    signalsInstalled = true;
    for (const signal of HOST_SIGNALS) process.on(signal, onHostSignal);
  }
  live.set(command, endOnHostSignal);
  return () => {
    live.delete(command);
  };
}

function onHostSignal(signal: NodeJS.Signals): void {
  killAll((onSignal) => onSignal);
  if (process.listenerCount(signal) > 1) return;
  // Ours was the only listener: restore the default action and die of the signal, as Node would have.
  signalsInstalled = false;
  for (const each of HOST_SIGNALS) process.removeListener(each, onHostSignal);
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
