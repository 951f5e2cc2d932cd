import { signalGroup } from "./process-group.js";

const live = new Set<number>();
let installed = false;

/**
 * Remembers a process group until `release`; if Node exits first, the group
 * gets SIGKILL so that no command outlives the agent that started it.
 */
export function guardGroup(pgid: number): () => void {
  if (!installed) {
    installed = true;
    process.once("exit", killAll);
  }
  live.add(pgid);
  return () => {
    live.delete(pgid);
  };
}

function killAll(): void {
  for (const pgid of live) signalGroup(pgid, "SIGKILL");
  live.clear();
}
