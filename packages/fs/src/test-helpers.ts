// Shared by this package's tests (not exported): a temp workspace and a session context.
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolContext, type ToolOutput } from "@toolkit/core";

/** A fresh temp directory (real path) as the workspace root, and a context rooted there. */
export interface TempWorkspace {
  readonly root: string;
  readonly ctx: ToolContext;
  /** Removes the directory. */
  cleanup(): Promise<void>;
}

/** Creates a temp workspace; remove it with `cleanup()`. */
export async function tempWorkspace(prefix = "toolkit-fs-"): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  const ctx = createToolContext({ cwd: root, isNonInteractive: true });
  return { root, ctx, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** The text of an output, with its error flag, for compact assertions. */
export function view(output: ToolOutput): { isError: boolean; text: string } {
  return { isError: output.isError, text: output.textContent() };
}
