// Shared by this package's tests (not exported): a temp workspace and a session context.
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolContext, type ToolOutput } from "@toolkit/core";
import type { FileSource } from "./file-source.js";

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

/** A FileSource that does what `base` does, except for the methods given. */
export function wrapSource(base: FileSource, overrides: Partial<FileSource>): FileSource {
  return {
    resolve: (w, p, f) => base.resolve(w, p, f),
    realRoot: (w) => base.realRoot(w),
    stat: (p, o) => base.stat(p, o),
    open: (p, o) => base.open(p, o),
    read: (p, o) => base.read(p, o),
    readChunks: (p, o) => base.readChunks(p, o),
    writeFile: (p, d, o) => base.writeFile(p, d, o),
    list: (p, o) => base.list(p, o),
    rename: (f, t, o) => base.rename(f, t, o),
    ...overrides,
  };
}
