import { stat } from "node:fs/promises";
import { type ToolContext, ToolError, Workspace } from "@toolkit/core";
import { scrubEnv } from "../env/scrub-env.js";
import type { SpawnRequest } from "../process/shell-backend.js";
import type { ResolvedShellOptions } from "./shell-options.js";

/** What `prepareSpawn` needs: the command, the model's `cwd` and the field that carried it. */
export interface PrepareSpawnOptions {
  ctx: ToolContext;
  options: ResolvedShellOptions;
  command: string;
  /** The working directory the model asked for; the workspace root when absent. */
  cwd?: string | undefined;
}

/**
 * Checks `cwd` against the workspace (it must be an existing directory
 * inside it) and builds the request: the real directory and the scrubbed
 * environment. Throws a soft ToolError that names `cwd`.
 */
export async function prepareSpawn({
  ctx,
  options,
  command,
  cwd,
}: PrepareSpawnOptions): Promise<SpawnRequest> {
  const workspace = Workspace.from(ctx, options.workspace);
  const resolved = await workspace.resolve(cwd ?? ".", "cwd");
  const info = resolved.exists ? await stat(resolved.real).catch(() => undefined) : undefined;
  if (info === undefined) {
    throw ToolError.invalidInput(
      `\`cwd\` "${cwd}" does not exist in the workspace; pass an existing directory relative to ${workspace.root}, or leave \`cwd\` out to use the root`,
    );
  }
  if (!info.isDirectory()) {
    throw ToolError.invalidInput(
      `\`cwd\` "${cwd}" is a file, not a directory; pass the directory that holds it`,
    );
  }
  const env = scrubEnv({ ...(options.env ? { env: options.env } : {}), allow: options.allowEnv });
  return { command, cwd: resolved.real, env };
}
