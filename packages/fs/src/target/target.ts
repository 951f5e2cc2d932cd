import { isAbsolute, relative, resolve } from "node:path";
import { inside, type ToolContext, ToolError, Workspace, type WorkspacePath } from "@toolkit/core";
import type { FileStat } from "../source/file-source.js";
import type { ResolvedFsOptions } from "../tool/fs-options.js";

/** A path from the model, checked and looked up. */
export interface Target {
  readonly workspace: Workspace;
  readonly path: WorkspacePath;
  /** The workspace root as the source sees it. */
  readonly realRoot: string;
  /** How replies name the file: relative to the workspace root. */
  readonly shown: string;
  /** What is there now, if anything. */
  readonly stat: FileStat | undefined;
}

/**
 * Applies the workspace rules to a path and stats it. On top of the
 * workspace's own check, the real path must lie under the real root (not
 * merely under the root as spelled), so nothing is reached outside it.
 */
export async function resolveTarget(
  ctx: ToolContext,
  options: ResolvedFsOptions,
  raw: string,
  field: string,
): Promise<Target> {
  const workspace = Workspace.from(ctx, options.workspace);
  const { source } = options;
  const realRoot = await source.realRoot(workspace);
  const path = await resolveSpelledReal(options, workspace, realRoot, raw, field);
  if (!inside(realRoot, path.real)) {
    throw ToolError.permission(
      `\`${field}\` "${raw}" resolves to ${path.real}, outside the workspace ${realRoot}`,
      {
        advice: "Use a path inside the workspace; links that lead outside it are not followed.",
      },
    );
  }
  const stat = await source.stat(path.real);
  return { workspace, path, realRoot, shown: path.relative, stat };
}

/**
 * Resolves a path through the source. An absolute path spelled through the
 * real root (`/private/tmp/ws/a` for the root `/tmp/ws`) is refused by the
 * workspace's lexical check; it names the same file as the path relative to
 * the root, so it is resolved as that relative path (with every check).
 */
async function resolveSpelledReal(
  options: ResolvedFsOptions,
  workspace: Workspace,
  realRoot: string,
  raw: string,
  field: string,
): Promise<WorkspacePath> {
  try {
    return await options.source.resolve(workspace, raw, field);
  } catch (error) {
    const viaRealRoot =
      ToolError.is(error) &&
      error.kind === "Permission" &&
      typeof raw === "string" &&
      isAbsolute(raw) &&
      !raw.includes("\0") &&
      realRoot !== workspace.root &&
      inside(realRoot, resolve(raw));
    if (!viaRealRoot) throw error;
    return options.source.resolve(workspace, relative(realRoot, resolve(raw)) || ".", field);
  }
}

/** Throws FileNotFound / InvalidInput unless the target is an existing regular file. */
export function requireFile(target: Target, field: string, tool: string): FileStat {
  const { stat, shown } = target;
  if (!stat) {
    throw ToolError.fileNotFound(shown, {
      advice: "Check the path (use Glob or Tree to find the file), then retry with a path that exists.",
    });
  }
  if (stat.kind === "directory") {
    throw ToolError.invalidInput(`\`${field}\` "${shown}" is a directory, not a file`, {
      advice: `${tool} works on files; use Tree or Glob to list a directory.`,
    });
  }
  if (stat.kind !== "file") {
    throw ToolError.invalidInput(`\`${field}\` "${shown}" is not a regular file (a device, socket or pipe)`);
  }
  return stat;
}
