import { randomUUID } from "node:crypto";
import type { LoopObserver, Message } from "@toolkit/loop";
import type { MemoryStore } from "../store/memory-store.js";

/** Options of `memoryObserver`. */
export interface MemoryObserverOptions {
  /** Kept with every memory, to search one project's past. */
  project?: string;
  /** The session the runs belong to. @default a new random id per observer */
  sessionId?: string;
  /** Where a failed write is reported (the run goes on). @default console.warn */
  onError?: (error: Error) => void;
}

function taskText(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === "user");
  if (first?.role !== "user") return "";
  return first.parts.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join("\n");
}

function inputText(input: unknown): string {
  if (typeof input === "string") return input;
  try {
    return JSON.stringify(input) ?? "";
  } catch {
    return String(input);
  }
}

/**
 * A LoopObserver that records into `store` each tool call whose tool records
 * trajectories (name, input, output text, error flag, turn, session,
 * project, time) and each run's task and final answer. Calls of tools that
 * opted out (`recordsTrajectory()` false, as SearchMemories does), and calls
 * of names the registry does not hold, are never stored. Secrets are
 * redacted and long texts cut by the store.
 *
 * @example
 * const store = MemoryStore.open("memory.db");
 * const loop = new BareLoop({ model, registry, observers: [memoryObserver(store, { project: "api" })] });
 */
export function memoryObserver(store: MemoryStore, options: MemoryObserverOptions = {}): LoopObserver {
  const session = options.sessionId ?? randomUUID();
  const project = options.project;
  const report = options.onError ?? ((error: Error) => console.warn(`memoryObserver: ${error.message}`));
  // The task per run: one observer may serve concurrent runs, told apart by run id.
  const tasks = new Map<string, string>();
  const safely = (write: () => void) => {
    try {
      write();
    } catch (error) {
      report(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    onTurnStart(e) {
      if (e.turn === 1 || !tasks.get(e.runId)) tasks.set(e.runId, taskText(e.messages));
    },
    onToolPost(e) {
      if (!e.recordsTrajectory || e.tool === undefined) return;
      safely(() =>
        store.record({
          kind: "call",
          session,
          project,
          tool: e.name,
          turn: e.turn,
          input: inputText(e.input),
          output: e.output.textContent(),
          isError: e.output.isError,
        }),
      );
    },
    onFinish(e) {
      if (!e.result) {
        tasks.delete(e.runId);
        return;
      }
      const result = e.result;
      safely(() =>
        store.record({
          kind: "run",
          session,
          project,
          input: tasks.get(e.runId) || taskText(result.messages),
          output: result.text,
        }),
      );
      tasks.delete(e.runId);
    },
  };
}
