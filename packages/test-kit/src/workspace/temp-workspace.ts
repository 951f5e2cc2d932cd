import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolContext } from "@toolkit/core";

/** A fresh temp directory (real path) as the workspace root, and a context rooted there. */
export interface TempWorkspace {
  readonly root: string;
  readonly ctx: ToolContext;
  /** Removes the directory. */
  cleanup(): Promise<void>;
}

/**
 * Creates a temp workspace; remove it with `cleanup()`. The root is the real
 * path (macOS and some CI runners put tmpdir behind a symlink), so paths the
 * tools report can be compared with it directly.
 */
export async function tempWorkspace(prefix = "toolkit-test-"): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  const ctx = createToolContext({ cwd: root, isNonInteractive: true });
  return { root, ctx, cleanup: () => rm(root, { recursive: true, force: true }) };
}
