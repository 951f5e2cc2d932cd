import { stat } from "node:fs/promises";
import { type ToolContext, ToolError, type Workspace } from "@toolkit/core";
import { analyzeCommand } from "../analysis/analyze-command.js";
import { readOnlyCommandEnv } from "../analysis/read-only-env.js";
import { scrubEnv } from "../env/scrub-env.js";
import type { SpawnRequest } from "../process/shell-backend.js";
import type { ResolvedShellOptions } from "./shell-options.js";

/** What `prepareSpawn` needs: the command and the model's `cwd`. */
export interface PrepareSpawnOptions {
  ctx: ToolContext;
  options: ResolvedShellOptions;
  workspace: Workspace;
  command: string;
  /** The working directory the model asked for; the workspace root when absent. */
  cwd?: string | undefined;
}

/** Roots already seen to be directories (a root is checked once, not on every call). */
const checkedRoots = new WeakSet<Workspace>();

/**
 * Checks `cwd` against the workspace (it must be an existing directory
 * inside it) and builds the request: the real directory, the scrubbed
 * environment and the session's temp directory (for scripts too long for
 * one argument). Throws a soft ToolError that names `cwd`.
 */
export async function prepareSpawn({
  ctx,
  options,
  workspace,
  command,
  cwd,
}: PrepareSpawnOptions): Promise<SpawnRequest> {
  const scrubbed = scrubEnv({ ...(options.env ? { env: options.env } : {}), allow: options.allowEnv });
  // A read-only command may run unasked and in parallel: git must not run what the repository's config names.
  const env = analyzeCommand(command).readOnly ? readOnlyCommandEnv(scrubbed) : scrubbed;
  if (cwd === undefined && checkedRoots.has(workspace)) {
    return { command, cwd: await workspace.realRoot(), env, tempDir: ctx.tempDir };
  }
  const resolved = await workspace.resolve(cwd ?? ".", "cwd");
  const info = resolved.exists ? await stat(resolved.real).catch(() => undefined) : undefined;
  if (info === undefined) {
    throw ToolError.invalidInput(
      `\`cwd\` "${cwd ?? "."}" does not exist in the workspace; pass an existing directory relative to ${workspace.root}, or leave \`cwd\` out to use the root`,
    );
  }
  if (!info.isDirectory()) {
    throw ToolError.invalidInput(
      `\`cwd\` "${cwd}" is a file, not a directory; pass the directory that holds it`,
    );
  }
  if (cwd === undefined) checkedRoots.add(workspace);
  return { command, cwd: resolved.real, env, tempDir: ctx.tempDir };
}
