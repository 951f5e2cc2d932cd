import { checkLoomPath, LoomToolError, type ToolContext, Workspace } from "@toolkit/core";
import { resolveTarget, type Target } from "../target/target.js";
import type { ResolvedFsOptions } from "../tool/fs-options.js";

/** A Loom tool's path, checked; `joined` is how Loom's `FileNotFound` spells it. */
export interface LoomTarget extends Target {
  readonly joined: string;
}

/**
 * Loom's answers first (`PathOutsideWorkspace` for a path that leaves the
 * workspace, see `checkLoomPath`), then the fs workspace rules, which open
 * and check what is used. Nothing is read or written here.
 */
export async function loomTarget(ctx: ToolContext, o: ResolvedFsOptions, path: string): Promise<LoomTarget> {
  const workspace = Workspace.from(ctx, o.workspace);
  const realRoot = await o.source.realRoot(workspace);
  const { joined } = await checkLoomPath({ workspace, path, probe: o.source.local === true, realRoot });
  return { ...(await resolveTarget(ctx, o, path, "path")), joined };
}

/** `Error: File not found: <joined>` unless something is there. */
export function requireExisting(target: LoomTarget): void {
  if (!target.stat) throw LoomToolError.fileNotFound(target.joined);
}
