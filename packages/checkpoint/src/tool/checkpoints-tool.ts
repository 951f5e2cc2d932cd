import { type JsonSchema, type ToolContext, ToolBase, ToolError } from "@toolkit/core";
import { ShadowGitError } from "../git/shadow-git.js";
import { CheckpointError } from "../store/checkpoint-error.js";
import type { CheckpointStore } from "../store/checkpoint-store.js";
import { formatDiff, formatList, formatRestore } from "./format-reply.js";

/** The input of the Checkpoints tool. */
export interface CheckpointsInput {
  action: "list" | "diff" | "restore";
  id?: string;
  paths?: string[];
}

/** Options for the Checkpoints tool. */
export interface CheckpointsToolOptions {
  /** The workspace's checkpoint store. */
  store: CheckpointStore;
  /** Whether `restore` waits for the user's approval (the tool's `needsApproval` trait). @default true */
  restoreNeedsApproval?: boolean;
  /** The most bytes of a diff returned to the model; the rest is cut with a note. @default 65536 */
  maxDiffBytes?: number;
}

const DESCRIPTION = [
  "Lists, diffs and restores the checkpoints of the workspace: a checkpoint is taken before each turn that changes files and before each command that may write.",
  "list: every checkpoint with its id, turn, time, the tool calls that followed and a --stat of what they changed.",
  "diff: the changes from checkpoint `id` to the current files.",
  "restore: puts the files back as they were at checkpoint `id` (only `paths`, when given); the current files are checkpointed first, so a restore can be undone. Restored files must be read again before they are edited.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    action: { type: "string", enum: ["list", "diff", "restore"], description: "What to do." },
    id: { type: "string", description: "The checkpoint id from list (needed by diff and restore)." },
    paths: {
      type: "array",
      items: { type: "string" },
      description: "restore only: the files or folders to restore, relative to the workspace. Default: all.",
    },
  },
  required: ["action"],
  additionalProperties: false,
};

/**
 * The model-facing tool over a CheckpointStore: `{ action: "list" | "diff" |
 * "restore", id?, paths? }`. Register it only where the host allows the
 * model to see and restore checkpoints; a restore needs the user's approval
 * by default (`needsApproval`, read by `approvals()` and the adapters).
 *
 * @example
 * registry.register(new CheckpointsTool({ store }));
 */
export class CheckpointsTool extends ToolBase<CheckpointsInput> {
  readonly name = "Checkpoints";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = SCHEMA;
  readonly #store: CheckpointStore;
  readonly #restoreNeedsApproval: boolean;
  readonly #maxDiffBytes: number;

  constructor(options: CheckpointsToolOptions) {
    super();
    const {
      store,
      restoreNeedsApproval = true,
      maxDiffBytes = 65536,
    } = options ?? ({} as Partial<CheckpointsToolOptions>);
    if (!store || typeof store.restore !== "function") {
      throw new TypeError(`CheckpointsTool: \`store\` must be a CheckpointStore, got ${typeof store}`);
    }
    if (typeof restoreNeedsApproval !== "boolean") {
      throw new TypeError(
        `CheckpointsTool: \`restoreNeedsApproval\` must be a boolean, got ${JSON.stringify(restoreNeedsApproval)}`,
      );
    }
    if (!Number.isSafeInteger(maxDiffBytes) || maxDiffBytes < 1) {
      throw new TypeError(
        `CheckpointsTool: \`maxDiffBytes\` must be a whole number >= 1, got ${JSON.stringify(maxDiffBytes)}`,
      );
    }
    this.#store = store;
    this.#restoreNeedsApproval = restoreNeedsApproval;
    this.#maxDiffBytes = maxDiffBytes;
  }

  /** A restore waits for the user's approval unless `restoreNeedsApproval` is false; list and diff never do. */
  needsApproval(input: unknown): boolean {
    const action =
      typeof input === "object" && input !== null ? (input as { action?: unknown }).action : undefined;
    return this.#restoreNeedsApproval && action !== "list" && action !== "diff";
  }

  protected async run(input: CheckpointsInput, ctx: ToolContext): Promise<string> {
    if (input.action === "list") return formatList(await this.#store.list());
    const id = requireId(input);
    if (input.action === "diff") {
      if (input.paths !== undefined)
        throw ToolError.invalidInput("`paths` is for restore only; diff takes `id`");
      return formatDiff(id, await this.#store.diff(id), this.#maxDiffBytes);
    }
    const result = await this.#store.restore(id, { ...(input.paths ? { paths: input.paths } : {}), ctx });
    return formatRestore(result);
  }

  protected override toolError(error: unknown): ToolError | undefined {
    if (error instanceof CheckpointError) {
      return ToolError.invalidInput(error.message, {
        advice: "Call Checkpoints with action list to see the ids, then retry with one of them.",
      });
    }
    if (error instanceof ShadowGitError) return ToolError.execution(error.message);
    return super.toolError(error);
  }
}

function requireId(input: CheckpointsInput): string {
  if (input.id === undefined || input.id === "") {
    throw ToolError.invalidInput(
      `\`id\` is required for action ${input.action}; call action list to see the ids`,
    );
  }
  return input.id;
}
