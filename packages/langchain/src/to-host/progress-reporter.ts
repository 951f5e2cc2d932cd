import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch/web";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { ToolProgressEvent } from "@toolkit/core";

/** The custom event a call's progress is dispatched as. */
export const LANGCHAIN_PROGRESS_EVENT = "toolkit_progress";

/** What the custom event (and a LangGraph `config.writer` chunk) carries. */
export interface LangChainToolProgress {
  readonly type: typeof LANGCHAIN_PROGRESS_EVENT;
  /** The call id (the model's tool call id, or the one dispatch made up). */
  readonly toolCallId: string;
  readonly tool: string;
  readonly message?: string;
  readonly progress?: number;
  readonly total?: number;
  readonly output?: string;
}

/** Where a call's progress goes, and how to wait until LangChain has taken all of it. */
export interface ProgressReporter {
  readonly report: (event: ToolProgressEvent) => void;
  settled(): Promise<void>;
}

/**
 * For a call run with `config`: dispatches each update as the custom event
 * `toolkit_progress` (seen by callbacks' `handleCustomEvent` and as
 * `on_custom_event` in `streamEvents`), and writes it to `config.writer` when
 * LangGraph gives one (its `streamMode: "custom"`). Undefined when the
 * config has neither callbacks nor a writer: nobody would hear it.
 */
export function progressReporter(config: RunnableConfig | undefined): ProgressReporter | undefined {
  if (config === undefined) return undefined;
  const writer: unknown = Reflect.get(config, "writer");
  const write = typeof writer === "function" ? (chunk: unknown) => writer(chunk) : undefined;
  const callbacks = config.callbacks !== undefined;
  if (!callbacks && write === undefined) return undefined;
  let chain: Promise<void> = Promise.resolve();
  return {
    report({ callId, tool, ...update }) {
      const payload: LangChainToolProgress = {
        type: LANGCHAIN_PROGRESS_EVENT,
        toolCallId: callId,
        tool,
        ...update,
      };
      if (write) {
        try {
          write(payload);
        } catch {
          // Fire-and-forget: a writer's failure is not the tool's.
        }
      }
      // One after another, so handlers see the updates in order.
      if (callbacks)
        chain = chain
          .then(() => dispatchCustomEvent(LANGCHAIN_PROGRESS_EVENT, payload, config))
          .catch(() => {});
    },
    settled: () => chain,
  };
}
