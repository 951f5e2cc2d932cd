import { stat } from "node:fs/promises";
import type { ToolContext, Workspace } from "@toolkit/core";
import { ToolError } from "@toolkit/core";

/** A search target inside the workspace. */
export interface SearchTarget {
  /** The workspace root with symlinks resolved; walking starts from here. */
  readonly root: string;
  /** The target relative to the root, "" for the root itself. */
  readonly relative: string;
  /** Whether the target is a directory (else a single file). */
  readonly isDir: boolean;
}

/**
 * Resolves the `path` field of a search tool through the workspace rules.
 * A missing path is `FileNotFound`.
 */
export async function resolveTarget(options: {
  workspace: Workspace;
  ctx: ToolContext;
  path: string | undefined;
  field?: string;
}): Promise<SearchTarget> {
  const { workspace, path, field = "path" } = options;
  const root = await workspace.realRoot();
  if (path === undefined || path === "" || path === ".") return { root, relative: "", isDir: true };
  const resolved = await workspace.resolve(path, field);
  if (!resolved.exists) {
    throw ToolError.fileNotFound(path, {
      advice: `\`${field}\` must name an existing file or directory in the workspace; list it with Tree or Glob first.`,
    });
  }
  const info = await stat(resolved.real);
  return { root, relative: resolved.relative === "." ? "" : resolved.relative, isDir: info.isDirectory() };
}
