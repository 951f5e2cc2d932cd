import { type JsonSchema, type ToolContext, ToolBase, ToolError, ToolOutput } from "@toolkit/core";
import { renderCapture } from "../capture/render-capture.js";
import { backendForCall } from "../sandbox/sandbox-backend.js";
import { WorkspaceCache } from "../tools/workspace-cache.js";
import { prepareSpawn } from "../tools/prepare-spawn.js";
import { runCaptured } from "../tools/run-captured.js";
import { type ResolvedShellOptions, type ShellOptions, resolveShellOptions } from "../tools/shell-options.js";

/** Loom's limits: 60 s by default, 300 s at most, 256 KiB per stream. */
const DEFAULT_TIMEOUT_SECS = 60;
const MAX_TIMEOUT_SECS = 300;
const MAX_STREAM_BYTES = 256 * 1024;

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    command: { type: "string", minLength: 1, description: "The shell command to execute" },
    cwd: {
      type: "string",
      description: "Working directory relative to workspace (default: workspace root).",
    },
    timeout_secs: {
      type: "integer",
      minimum: 1,
      maximum: MAX_TIMEOUT_SECS,
      description: `Timeout in seconds (default: ${DEFAULT_TIMEOUT_SECS}, max: ${MAX_TIMEOUT_SECS}).`,
    },
  },
  required: ["command"],
  additionalProperties: false,
};

/** Loom's JSON reply. */
export interface LoomBashResult {
  exit_code: number | null;
  stdout: string;
  stderr: string;
  timed_out: boolean;
  truncated: boolean;
  /** Only when there is something to say: the policy that stopped the command, or that commands run unsandboxed. */
  note?: string;
}

/**
 * Loom's `bash` tool on this package's engine: `{command, cwd?, timeout_secs?}`
 * → `{exit_code, stdout, stderr, timed_out, truncated}`, run by `sh -c` as
 * the Loom document says. Where ours is safer it differs (README, "Loom
 * `bash`: differences"): a command that times out is killed with every
 * process it started and keeps its partial output, the environment is
 * scrubbed, long output keeps head and tail. `exit_code` is null when the
 * command was killed.
 */
export class LoomBash extends ToolBase<{ command: string; cwd?: string; timeout_secs?: number }> {
  readonly name = "bash";
  readonly description =
    "Execute shell commands in the workspace directory (sh -c) and return JSON with exit_code, stdout, stderr, timed_out and truncated. " +
    `Default timeout ${DEFAULT_TIMEOUT_SECS}s (max ${MAX_TIMEOUT_SECS}s); a timed-out command is killed. Output is capped at 256 KiB per stream.`;
  protected readonly inputSchema = SCHEMA;
  readonly #options: ResolvedShellOptions;
  readonly #workspaces: WorkspaceCache;

  constructor(options: ShellOptions = {}) {
    super();
    this.#options = resolveShellOptions({ maxOutputBytes: MAX_STREAM_BYTES, ...options });
    this.#workspaces = new WorkspaceCache(this.#options.workspace);
  }

  protected async run(
    args: { command: string; cwd?: string; timeout_secs?: number },
    ctx: ToolContext,
  ): Promise<ToolOutput> {
    const workspace = this.#workspaces.for(ctx);
    const request = await prepareSpawn({
      ctx,
      options: this.#options,
      workspace,
      command: args.command,
      cwd: args.cwd,
    });
    const call = await backendForCall({ ctx, options: this.#options, request, workspace });
    const { captures, outcome } = await runCaptured({
      ctx,
      options: this.#options,
      request: { ...request, shell: "sh" },
      timeoutMs: (args.timeout_secs ?? DEFAULT_TIMEOUT_SECS) * 1000,
      prefix: "bash",
      backend: call.backend,
    });
    if (outcome.cancelled) throw ToolError.cancelled();
    // As in Loom, a command that could not be started at all is an IO error, not a result.
    if (outcome.spawnError !== undefined)
      throw ToolError.io(`could not start the shell (${outcome.spawnError})`);
    const stdout = captures.stdout.since(0);
    const stderr = captures.stderr.since(0);
    const result: LoomBashResult = {
      exit_code: outcome.exitCode,
      stdout: renderCapture({ slice: stdout, label: "stdout", spill: captures.stdout.spill }),
      stderr: renderCapture({ slice: stderr, label: "stderr", spill: captures.stderr.spill }),
      timed_out: outcome.timedOut,
      truncated: stdout.omitted > 0 || stderr.omitted > 0,
    };
    const hint = outcome.exitCode === 0 ? undefined : call.hint(result.stderr, outcome.exitCode);
    const note = [hint, call.aftermath(), call.note].filter((line) => line !== undefined).join("\n");
    if (note !== "") result.note = note;
    return ToolOutput.structured(result);
  }
}
