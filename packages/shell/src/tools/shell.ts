import { type JsonSchema, type ToolContext, ToolBase, ToolError, ToolOutput } from "@toolkit/core";
import { analyzeCommand } from "../analysis/analyze-command.js";
import type { JobTable } from "../jobs/job-table.js";
import { sessionJobs } from "../jobs/session-jobs.js";
import { backendForCall } from "../sandbox/sandbox-backend.js";
import { WorkspaceCache } from "./workspace-cache.js";
import { formatReply } from "./format-reply.js";
import { prepareSpawn } from "./prepare-spawn.js";
import { runCaptured } from "./run-captured.js";
import { type ShellInput, shellSchema } from "./shell-schema.js";
import { type ResolvedShellOptions, type ShellOptions, resolveShellOptions } from "./shell-options.js";

const DESCRIPTION = [
  "Runs a shell command with bash -c in the workspace and returns its output.",
  "stdout comes first, then stderr (labelled), then `[exit C, T ms]`; a nonzero exit is reported as a failure.",
  "stdin is empty: nothing can be typed into a foreground command, so pass flags such as --yes for prompts.",
  "Pagers and git prompts are off. Long output keeps its beginning and end; the full text is saved to a file named in the reply.",
  "On timeout the command and everything it started are killed. Use background: true for servers and watchers, then the Jobs tool;",
  "add tty: true for a REPL or anything that wants a terminal, and type into it with JobInput.",
].join(" ");

/**
 * The Shell tool: `{command, timeout_s?, cwd?, background?, tty?, description?}`.
 * Runs `bash -c` in its own process group with stdin from /dev/null and a
 * scrubbed environment, kills the whole group on timeout or cancellation,
 * and caps each stream's output. Calls whose command the read-only analysis
 * accepts may run concurrently.
 *
 * @example
 * const shell = new Shell({ allowEnv: ["SSH_AUTH_SOCK"] });
 * await shell.call({ command: "git status --short" }, ctx);
 */
export class Shell extends ToolBase<ShellInput> {
  readonly name = "Shell";
  readonly description = DESCRIPTION;
  protected readonly inputSchema: JsonSchema;
  readonly #options: ResolvedShellOptions;
  readonly #workspaces: WorkspaceCache;

  constructor(options: ShellOptions = {}) {
    super();
    this.#options = resolveShellOptions(options);
    this.#workspaces = new WorkspaceCache(this.#options.workspace);
    this.inputSchema = shellSchema(this.#options);
  }

  isConcurrencySafe(): boolean {
    return false;
  }

  /** True only for a foreground command that `analyzeCommand` finds read-only. */
  isSafeForConcurrentExecution(input: unknown): boolean {
    if (input === null || typeof input !== "object") return false;
    const { command, background } = input as { command?: unknown; background?: unknown };
    return typeof command === "string" && background !== true && analyzeCommand(command).readOnly;
  }

  isReadOnly(): boolean {
    return false;
  }

  protected async run(input: ShellInput, ctx: ToolContext): Promise<ToolOutput> {
    if (input.command.trim() === "") {
      throw ToolError.invalidInput(
        `\`command\` must be a non-empty shell command, got ${JSON.stringify(input.command)}`,
      );
    }
    if (input.tty === true && input.background !== true) {
      throw ToolError.invalidInput(
        "`tty` needs `background: true`: a terminal is for a job you type into with JobInput, got tty without background",
      );
    }
    const workspace = this.#workspaces.for(ctx);
    const request = await prepareSpawn({
      ctx,
      options: this.#options,
      workspace,
      command: input.command,
      cwd: input.cwd,
    });
    if (ctx.signal.aborted) throw ToolError.cancelled();
    const call = await backendForCall({ ctx, options: this.#options, request, workspace });
    if (input.background === true) {
      let job: ReturnType<JobTable["start"]>;
      try {
        const spawn = input.tty === true ? { ...request, tty: this.#options.terminalSize } : request;
        job = sessionJobs(ctx, this.#options).start(spawn, call.backend, () => call.aftermath());
      } catch (error) {
        await call.discard();
        throw error;
      }
      const { cols, rows } = this.#options.terminalSize;
      return ToolOutput.text(
        `Started background job ${job.id}${input.tty === true ? ` in a ${cols}x${rows} terminal` : ""}: ${input.command}\n` +
          `Read its output with Jobs {"operation": "output", "job_id": "${job.id}"}; stop it with {"operation": "kill", "job_id": "${job.id}"}; ` +
          `type into it with JobInput {"job_id": "${job.id}", "text": "..."}.` +
          (call.note ? `\n${call.note}` : ""),
      );
    }
    const timeoutS = input.timeout_s ?? this.#options.defaultTimeoutS;
    const { captures, outcome } = await runCaptured({
      ctx,
      options: this.#options,
      request,
      timeoutMs: timeoutS * 1000,
      backend: call.backend,
    });
    return formatReply({
      captures,
      outcome,
      timeoutS,
      maxTimeoutS: this.#options.maxTimeoutS,
      footer: (stderr, failed) => [
        failed ? call.hint(stderr, outcome.exitCode) : undefined,
        call.aftermath(),
        call.note,
      ],
    });
  }
}
