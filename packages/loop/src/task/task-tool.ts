import {
  type JsonSchema,
  type Tool,
  ToolBase,
  type ToolContext,
  ToolError,
  ToolOutput,
  toolTraits,
} from "@toolkit/core";
import type { Middleware, Selector, ToolRegistry } from "@toolkit/registry";
import { LoopError } from "../loop/loop-error.js";
import { BareLoop } from "../loop/bare-loop.js";
import { type LoopDispatchOptions, resolveLoopOptions } from "../loop/loop-options.js";
import type { LoopObserver } from "../loop/observer.js";
import type { ModelClient } from "../model/model-client.js";
import { callFrameOf } from "./call-frame.js";
import { startTask } from "./task-events.js";
import { taskProgressObserver } from "./task-progress.js";

/** How deep sub-agents nest by default: a sub-agent cannot start another. */
export const DEFAULT_TASK_MAX_DEPTH = 1;

/** The sub-agent's system prompt when `system` is not given. */
export const DEFAULT_TASK_SYSTEM = [
  "You are a sub-agent. Another agent handed you the task below; it sees only your final reply.",
  "Work on your own with your tools, then answer with a short, complete report: what you found or did,",
  "with the file paths, names and facts the other agent needs. Do not ask questions; if something is",
  "unclear, choose the most reasonable reading and say which one you chose.",
].join(" ");

const DEFAULT_DESCRIPTION = [
  "Hand a self-contained task to a sub-agent that works on its own, with the same tools as you (except this",
  "one), in a fresh conversation, and returns its final report as this call's result. Use it for searches",
  "and investigations that would fill your context with material you do not need to keep, or to work on",
  "independent parts at once: several Task calls in one reply run together when the sub-agent only reads.",
  "The sub-agent knows nothing of your conversation: put every fact, path and constraint it needs in",
  "`prompt`, and say exactly what its report must contain.",
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    description: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      description: "A short label for the task (3-5 words), shown to the user.",
    },
    prompt: {
      type: "string",
      minLength: 1,
      description: "The whole task for the sub-agent, with every fact it needs and what to report.",
    },
  },
  required: ["description", "prompt"],
  additionalProperties: false,
};

/** Options for `taskTool`. */
export interface TaskToolOptions {
  /** The sub-agent's model (it may differ from the parent's). */
  model: ModelClient;
  /** The sub-agent's tools; usually the parent's registry (the Task tool is hidden once `maxDepth` is reached). */
  registry: ToolRegistry;
  /** The sub-agent's system prompt. @default DEFAULT_TASK_SYSTEM */
  system?: string;
  /** Chooses the sub-agent's tools each turn (Task tools past `maxDepth` are removed from its choice). @default every registered tool */
  selector?: Selector;
  /** Most model requests of one sub-agent run. @default 50 */
  maxTurns?: number;
  /** The description the model is shown. @default a description teaching when to delegate */
  description?: string;
  /** The deepest sub-agent level: 1 lets the top-level run start sub-agents that cannot start their own. @default 1 */
  maxDepth?: number;
  /** The sub-agent's dispatch pipeline. @default the parent run's middleware (permissions and approvals stay in force) */
  middleware?: readonly Middleware[];
  /** How the sub-agent dispatches its calls. @default the parent run's */
  dispatch?: LoopDispatchOptions;
}

interface TaskInput {
  description: string;
  prompt: string;
}

/**
 * The Task tool: hands `{ description, prompt }` to a sub-agent, a child
 * BareLoop with its own conversation over `registry`, inside the parent's
 * session (signal, cwd, temp dir, extensions), and returns its final text.
 * The sub-agent's usage is added to the parent run's `usage`; the parent's
 * observers see it start with `onTaskStart` and may return an observer for
 * its events. A sub-agent's hard failure is a soft failure of the call.
 * While it runs, the call reports the sub-agent's turns and tool calls on
 * `ctx.progress`, one line each.
 *
 * @example
 * registry.register(taskTool({ model, registry }));
 */
export function taskTool(options: TaskToolOptions): Tool {
  return new TaskTool(options);
}

class TaskTool extends ToolBase<TaskInput> {
  readonly name = "Task";
  readonly description: string;
  readonly maxDepth: number;
  protected readonly inputSchema = INPUT_SCHEMA;
  readonly #options: TaskToolOptions;
  #checking = false;

  constructor(options: TaskToolOptions) {
    if (options === null || typeof options !== "object") {
      throw new TypeError("taskTool: options must be an object with `model` and `registry`");
    }
    const { description = DEFAULT_DESCRIPTION, maxDepth = DEFAULT_TASK_MAX_DEPTH } = options;
    if (typeof description !== "string" || description.trim() === "") {
      throw new TypeError(
        `taskTool: \`description\` must be a non-empty string, got ${JSON.stringify(description)}`,
      );
    }
    if (typeof maxDepth !== "number" || !Number.isInteger(maxDepth) || maxDepth < 1) {
      throw new TypeError(`taskTool: \`maxDepth\` must be a positive integer, got ${String(maxDepth)}`);
    }
    try {
      resolveLoopOptions({ ...options, observers: [] });
    } catch (error) {
      if (error instanceof TypeError) throw new TypeError(error.message.replace(/^BareLoop:/, "taskTool:"));
      throw error;
    }
    super();
    this.description = description;
    this.maxDepth = maxDepth;
    this.#options = options;
  }

  protected async run({ description, prompt }: TaskInput, ctx: ToolContext): Promise<ToolOutput> {
    const frame = callFrameOf(ctx);
    const depth = (frame?.scope.depth ?? 0) + 1;
    if (depth > this.maxDepth) {
      throw ToolError.execution(
        `a sub-agent at depth ${depth} would pass \`maxDepth\` ${this.maxDepth}; sub-agents cannot start more sub-agents here`,
        { advice: "Do this part of the task yourself with your other tools." },
      );
    }
    if (ctx.signal.aborted) throw ToolError.cancelled();
    const o = this.#options;
    const observers = startTask(frame?.scope.observers ?? [], {
      runId: frame?.scope.runId,
      callId: frame?.callId,
      turn: frame?.turn,
      depth,
      tool: this.name,
      description,
      prompt,
    });
    // The sub-agent's replies count towards every run above it as they arrive, so a failed run's usage counts too.
    const countUsage: LoopObserver = { onReply: (e) => frame?.scope.addUsage(e.reply.usage) };
    const reporter = taskProgressObserver(ctx);
    const child = new BareLoop({
      model: o.model,
      registry: o.registry,
      system: o.system ?? DEFAULT_TASK_SYSTEM,
      selector: this.#childSelector(depth),
      middleware: o.middleware ?? frame?.scope.middleware ?? [],
      dispatch: o.dispatch ?? frame?.scope.dispatch ?? {},
      observers: reporter ? [countUsage, reporter, ...observers] : [countUsage, ...observers],
      ...(o.maxTurns === undefined ? {} : { maxTurns: o.maxTurns }),
    });
    try {
      // The sub-agent's tools report to its observers; the Task call reports its turns and calls.
      const result = await child.run(prompt, { context: reporter ? ctx.withProgress(() => {}) : ctx });
      return ToolOutput.text(result.text);
    } catch (error) {
      if (!LoopError.is(error)) throw error;
      return ToolError.execution(`the sub-agent stopped with ${error.kind}: ${error.message}`, {
        advice:
          error.kind === "Cancelled"
            ? "The run was cancelled; do not start the task again unless asked."
            : "Do the task yourself, or call Task again with a narrower, clearer prompt.",
      }).toOutput();
    } finally {
      await child.dispose();
    }
  }

  /** The sub-agent's selector: the given one (or every tool) minus Task tools that would nest too deep. */
  #childSelector(depth: number): Selector {
    const chosen: Selector =
      this.#options.selector ?? (({ registry }) => registry.allTools().map((t) => t.name));
    return (turn) =>
      chosen(turn).filter((name) => {
        const tool = turn.registry.get(name);
        return !(tool instanceof TaskTool && depth + 1 > tool.maxDepth);
      });
  }

  /** True when every tool the sub-agent may use is read-only (then several Tasks share a wave). */
  isReadOnly(): boolean {
    // A registry holding this tool (or two Task tools over each other) asks again while checking: that
    // question is answered by the other tools, so it counts as read-only here.
    if (this.#checking) return true;
    this.#checking = true;
    try {
      return this.#options.registry.allTools().every((t) => t === this || toolTraits(t).isReadOnly);
    } finally {
      this.#checking = false;
    }
  }
  isConcurrencySafe(): boolean {
    return this.isReadOnly();
  }
  /** A sub-agent run costs tokens and may not repeat: never retried as idempotent. */
  isIdempotent(): boolean {
    return false;
  }
}
