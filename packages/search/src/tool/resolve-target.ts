import type { FileSource, ToolContext, Workspace } from "@toolkit/core";
import { ToolError } from "@toolkit/core";

/** A search target inside the workspace. */
export interface SearchTarget {
  /** The workspace root with symlinks resolved; walking starts from here. */
  readonly root: string;
  /** The target relative to the root, "" for the root itself. */
  readonly relative: string;
  /** Whether the target is a directory (else a single file). */
  readonly isDir: boolean;
  /** The target's absolute path with links resolved (the root for the root). */
  readonly real: string;
}

/**
 * Resolves the `path` field of a search tool through the workspace rules, as
 * the source sees the tree. A missing path is `FileNotFound`.
 */
export async function resolveTarget(options: {
  workspace: Workspace;
  source: FileSource;
  ctx: ToolContext;
  path: string | undefined;
  field?: string;
}): Promise<SearchTarget> {
  const { workspace, source, path, field = "path" } = options;
  const root = await source.realRoot(workspace);
  if (path === undefined || path === "" || path === ".")
    return { root, relative: "", isDir: true, real: root };
  const resolved = await source.resolve(workspace, path, field);
  const info = resolved.exists ? await source.stat(resolved.real) : undefined;
  if (!info) {
    throw ToolError.fileNotFound(path, {
      advice: `\`${field}\` must name an existing file or directory in the workspace; list it with Tree or Glob first.`,
    });
  }
  return {
    root,
    relative: resolved.relative === "." ? "" : resolved.relative,
    isDir: info.kind === "directory",
    real: resolved.real,
  };
}
