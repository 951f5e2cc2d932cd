import { setTimeout as sleep } from "node:timers/promises";
import type { ShellProcess } from "./shell-backend.js";

/** Options for `terminateGroup`. */
export interface TerminateGroupOptions {
  /** Time between SIGTERM and SIGKILL. @default 2000 */
  graceMs?: number;
  /** How often to look whether the group is gone. @default 20 */
  pollMs?: number;
}

/**
 * Ends every process of a command's group: SIGTERM, then SIGKILL to whatever
 * is still running after `graceMs`. Returns at once when the group is empty.
 */
export async function terminateGroup(
  proc: ShellProcess,
  { graceMs = 2000, pollMs = 20 }: TerminateGroupOptions = {},
): Promise<void> {
  if (!proc.groupAlive()) return;
  proc.signalGroup("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
    if (!proc.groupAlive()) return;
  }
  proc.signalGroup("SIGKILL");
}
