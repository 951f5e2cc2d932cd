import {
  adviceFor,
  checkKnownFields,
  checkLoomPath,
  type JsonSchema,
  LoomToolError,
  type ToolContext,
  ToolBase,
  ToolError,
  ToolOutput,
  type Workspace,
} from "@toolkit/core";
import { renderCapture } from "../capture/render-capture.js";
import { backendForCall } from "../sandbox/sandbox-backend.js";
import { prepareSpawn } from "../tools/prepare-spawn.js";
import { runCaptured } from "../tools/run-captured.js";
import { type ResolvedShellOptions, resolveShellOptions, type ShellOptions } from "../tools/shell-options.js";
import { WorkspaceCache } from "../tools/workspace-cache.js";

/** Loom's limits: 60 s by default, 300 s at most, 256 KiB per stream. */
const DEFAULT_TIMEOUT_SECS = 60;
const MAX_TIMEOUT_SECS = 300;
const MAX_STREAM_BYTES = 256 * 1024;

/** The Loom document's description and fields, as it shows them. */
const DESCRIPTION = "Execute shell commands in the workspace.";
const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    command: { type: "string", description: "Shell command to execute" },
    cwd: {
      type: "string",
      description: "Working directory (relative to workspace, default: workspace root)",
    },
    timeout_secs: { type: "integer", description: "Timeout in seconds (default: 60, max: 300)" },
  },
  required: ["command"],
};

interface BashInput {
  command: string;
  cwd?: string;
  timeout_secs?: number;
}

/** Loom's JSON reply: exactly these five fields. */
export interface LoomBashResult {
  exit_code: number | null;
  stdout: string;
  stderr: string;
  timed_out: boolean;
  truncated: boolean;
}

/**
 * Loom's `bash` tool on this package's engine: `{command, cwd?, timeout_secs?}`
 * → `{exit_code, stdout, stderr, timed_out, truncated}`, run by `sh -c` as
 * the Loom document says. Where ours is safer it differs (README,
 * "Differences from Loom"): a command that times out is killed with every
 * process it started and keeps its partial output, the environment is
 * scrubbed, long output keeps head and tail, what the sandbox did is told at
 * the end of `stderr`. `exit_code` is null when the command was killed.
 */
export class LoomBash extends ToolBase<BashInput> {
  readonly name = "bash";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = SCHEMA;
  readonly #options: ResolvedShellOptions;
  readonly #workspaces: WorkspaceCache;

  constructor(options: ShellOptions = {}) {
    super();
    this.#options = resolveShellOptions({ maxOutputBytes: MAX_STREAM_BYTES, ...options });
    this.#workspaces = new WorkspaceCache(this.#options.workspace);
  }

  /** Every failure of the work in Loom's form (`Error: <message>`); schema failures stay the registry's. */
  protected async run(args: BashInput, ctx: ToolContext): Promise<ToolOutput> {
    try {
      return await this.#run(args, ctx);
    } catch (error) {
      throw ToolError.is(error) ? LoomToolError.from(error) : error;
    }
  }

  async #run(args: BashInput, ctx: ToolContext): Promise<ToolOutput> {
    checkKnownFields(args, ["command", "cwd", "timeout_secs"]);
    const timeoutSecs = args.timeout_secs ?? DEFAULT_TIMEOUT_SECS;
    if (timeoutSecs < 1 || timeoutSecs > MAX_TIMEOUT_SECS) {
      throw LoomToolError.invalidArguments(
        `timeout_secs must be between 1 and ${MAX_TIMEOUT_SECS}, got ${timeoutSecs}`,
        { advice: adviceFor("InvalidInput") },
      );
    }
    const workspace = this.#workspaces.for(ctx);
    if (args.cwd !== undefined) await checkCwd(workspace, args.cwd);
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
      timeoutMs: timeoutSecs * 1000,
      prefix: "bash",
      backend: call.backend,
    });
    if (outcome.cancelled) throw ToolError.cancelled();
    // As in Loom, a command that could not be started at all is an IO error, not a result.
    if (outcome.spawnError !== undefined)
      throw ToolError.io(`could not start the shell (${outcome.spawnError})`);
    const stdout = captures.stdout.since(0);
    const stderr = captures.stderr.since(0);
    const stderrText = renderCapture({ slice: stderr, label: "stderr", spill: captures.stderr.spill });
    const hint = outcome.exitCode === 0 ? undefined : call.hint(stderrText, outcome.exitCode);
    const notes = [hint, call.aftermath(), call.note].filter((line) => line !== undefined);
    const result: LoomBashResult = {
      exit_code: outcome.exitCode,
      stdout: renderCapture({ slice: stdout, label: "stdout", spill: captures.stdout.spill }),
      stderr: withNotes(stderrText, notes),
      timed_out: outcome.timedOut,
      truncated: stdout.omitted > 0 || stderr.omitted > 0,
    };
    return ToolOutput.structured(result);
  }
}

/**
 * Loom's `cwd` answers before the workspace rules (which still run): a
 * directory outside the workspace is `PathOutsideWorkspace` and nothing runs;
 * a missing one is `File not found: <root>/<cwd>`.
 */
async function checkCwd(workspace: Workspace, cwd: string): Promise<void> {
  const { joined, real, checked } = await checkLoomPath({ workspace, path: cwd, probe: true });
  if (checked && real === undefined) throw LoomToolError.fileNotFound(joined);
}

/** The sandbox's notes (what it refused, what it moved), each on its own line after the command's stderr. */
function withNotes(stderr: string, notes: readonly string[]): string {
  if (notes.length === 0) return stderr;
  const gap = stderr === "" || stderr.endsWith("\n") ? "" : "\n";
  return `${stderr}${gap}${notes.join("\n")}\n`;
}
