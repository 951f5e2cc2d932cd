import {
  type JsonSchema,
  type Tool,
  ToolBase,
  type ToolContext,
  ToolError,
  type ToolOutput,
  toolTraits,
  type Workspace,
} from "@toolkit/core";
import { ListFiles, ReadFile } from "@toolkit/fs/loom";
import { type ModelClient, taskTool } from "@toolkit/loop";
import { ToolRegistry } from "@toolkit/registry";
import { type Attachments, attachFiles } from "./attach-files.js";
import { countingClient } from "./counting-client.js";
import { oraclePrompt } from "./oracle-prompt.js";

/** Model requests one oracle call may make. */
export const DEFAULT_ORACLE_MAX_TURNS = 5;
/** Bytes of attached files one oracle call reads, all files together. */
export const DEFAULT_ORACLE_MAX_FILE_BYTES = 256 * 1024;
/** The most paths `files` may hold. */
const MAX_FILES = 50;

/** The oracle's system prompt when `system` is not given. */
export const DEFAULT_ORACLE_SYSTEM = [
  "You are the oracle: an expert software engineer that a coding agent consults for advice.",
  "You see only the question below and the files attached to it. You may read more of the workspace with your",
  "read-only tools; you cannot edit files or run commands, and the agent acts on your answer, not you.",
  "Think the problem through, then answer with concrete, checkable advice: the cause, the plan or the review,",
  "naming files, functions and lines. Say what you are unsure of. Do not ask questions back.",
].join(" ");

const DESCRIPTION = [
  "Ask the oracle, a second and stronger reasoning model, for advice: planning a change, reviewing code,",
  "or finding the cause of a bug you are stuck on. It reads the files you attach and may read more of the",
  "workspace, but it cannot edit files or run commands; it answers with text, and you act on it.",
  "It knows nothing of your conversation: put the whole question in `task`, what you already know in",
  "`context`, and the relevant workspace paths in `files`. It is slower and costlier than you: use it",
  "for hard problems, not for what you can look up yourself.",
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    task: {
      type: "string",
      minLength: 1,
      description: "What the oracle should think about: the question, with what a good answer must contain.",
    },
    context: {
      type: "string",
      description: "What you already know or tried: errors, findings, constraints.",
    },
    files: {
      type: "array",
      items: { type: "string", minLength: 1 },
      maxItems: MAX_FILES,
      description: "Workspace paths (absolute or relative to workspace) to attach, read in this order.",
    },
  },
  required: ["task"],
  additionalProperties: false,
};

/** Options for `oracleTool`. */
export interface OracleToolOptions {
  /** The oracle's model: usually `oracleModel(...)`, a stronger model with reasoning on. */
  model: ModelClient;
  /** The directory files are read from. @default a workspace rooted at `ctx.cwd` */
  workspace?: Workspace;
  /** The oracle's own tools; each must be read-only. @default Loom's read_file and list_files over `workspace` */
  tools?: readonly Tool[];
  /** Model requests per call. @default 5 */
  maxTurns?: number;
  /** Bytes of all attached files together; later files are left out once it is spent. @default 262144 */
  maxFileBytes?: number;
  /** The oracle's system prompt. @default DEFAULT_ORACLE_SYSTEM */
  system?: string;
}

interface OracleInput {
  task: string;
  context?: string;
  files?: string[];
}

/**
 * Loom's `oracle` (the spec reserves it for "AI model introspection"; this
 * is Amp's reading): the working model asks a second, stronger model for
 * advice. The oracle runs a short read-only loop (`maxTurns`) on its own
 * model inside the caller's run: the caller's signal cancels it and its
 * tokens count in the caller's usage. The reply is the oracle's answer, with
 * `meta.usage` (its tokens), `meta.model` and `meta.requests`.
 *
 * @example
 * registry.register(oracleTool({ model: oracleModel({ provider: "openai-responses", model: "o3", apiKey }) }));
 */
export function oracleTool(options: OracleToolOptions): Tool {
  return new OracleTool(options);
}

class OracleTool extends ToolBase<OracleInput> {
  readonly name = "oracle";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = INPUT_SCHEMA;
  readonly #model: ModelClient;
  readonly #readFile: Tool;
  readonly #tools: readonly Tool[];
  readonly #maxTurns: number;
  readonly #maxFileBytes: number;
  readonly #system: string;

  constructor(options: OracleToolOptions) {
    if (options === null || typeof options !== "object") {
      throw new TypeError(`oracleTool: options must be an object with \`model\`, got ${String(options)}`);
    }
    const {
      model,
      workspace,
      tools,
      maxTurns = DEFAULT_ORACLE_MAX_TURNS,
      maxFileBytes = DEFAULT_ORACLE_MAX_FILE_BYTES,
      system = DEFAULT_ORACLE_SYSTEM,
    } = options;
    if (typeof model?.encode !== "function" || typeof model?.send !== "function") {
      throw new TypeError("oracleTool: `model` must be a ModelClient (see oracleModel)");
    }
    const positive = (field: string, value: unknown) => {
      if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
        throw new TypeError(
          `oracleTool: \`${field}\` must be a positive integer, got ${JSON.stringify(value)}`,
        );
      }
    };
    positive("maxTurns", maxTurns);
    positive("maxFileBytes", maxFileBytes);
    if (typeof system !== "string" || system.trim() === "") {
      throw new TypeError(`oracleTool: \`system\` must be a non-empty string, got ${JSON.stringify(system)}`);
    }
    const readFile = new ReadFile(workspace ? { workspace } : {});
    const chosen = tools ?? [readFile, new ListFiles(workspace ? { workspace } : {})];
    const seen = new Set<string>();
    for (const [index, tool] of chosen.entries()) {
      if (seen.has(tool.name)) {
        throw new TypeError(`oracleTool: \`tools[${index}]\` repeats the name ${JSON.stringify(tool.name)}`);
      }
      seen.add(tool.name);
      if (!toolTraits(tool).isReadOnly) {
        throw new TypeError(
          `oracleTool: \`tools[${index}]\` (${JSON.stringify(tool.name)}) is not read-only; the oracle never writes files or runs commands`,
        );
      }
    }
    super();
    this.#model = model;
    this.#readFile = readFile;
    this.#tools = chosen;
    this.#maxTurns = maxTurns;
    this.#maxFileBytes = maxFileBytes;
    this.#system = system;
  }

  protected async run({ task, context, files = [] }: OracleInput, ctx: ToolContext): Promise<ToolOutput> {
    if (ctx.signal.aborted) throw ToolError.cancelled();
    const attachments: Attachments = await attachFiles({
      paths: files,
      readFile: this.#readFile,
      maxBytes: this.#maxFileBytes,
      ctx,
    });
    const model = countingClient(this.#model);
    const registry = new ToolRegistry();
    for (const tool of this.#tools) registry.register(tool);
    // The sub-agent machinery of @toolkit/loop runs the oracle inside the caller's run: the caller's
    // signal, session and pipeline, and its usage added to the caller's. The oracle has no Task tool, so
    // nesting depth needs no limit of its own.
    const delegate = taskTool({
      model,
      registry,
      system: this.#system,
      maxTurns: this.#maxTurns,
      maxDepth: Number.MAX_SAFE_INTEGER,
    });
    const output = await delegate.call(
      {
        description: "oracle",
        prompt: oraclePrompt({ task, context, attachments, maxBytes: this.#maxFileBytes }),
      },
      ctx,
    );
    const answer = output.isError ? this.#failure(output) : output;
    return answer
      .withMeta("usage", { ...model.usage })
      .withMeta("model", model.model)
      .withMeta("requests", model.requests);
  }

  /** The delegate's soft failure, worded for this tool (its first line holds the loop's error). */
  #failure(output: ToolOutput): ToolOutput {
    const first = output.textContent().split("\n", 1)[0] ?? "";
    const stopped = /^(?:Execution error: )?the sub-agent stopped with (\w+): (.*)$/.exec(first);
    const kind = stopped?.[1];
    const message = stopped ? `the oracle stopped with ${kind}: ${stopped[2]}` : first;
    return ToolError.execution(message, {
      advice:
        kind === "Cancelled"
          ? "The run was cancelled; do not ask the oracle again unless asked."
          : `Work it out yourself, or ask the oracle again with a narrower \`task\` (it may make ${this.#maxTurns} model requests).`,
    }).toOutput();
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  /** An oracle call costs tokens and its answer varies: never retried as idempotent. */
  isIdempotent(): boolean {
    return false;
  }
}
