import { cp, mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sampleWorkspace } from "./package-root.js";

/** Where a session works and writes its trajectory. */
export interface PreparedWorkspace {
  /** The directory the tools work in. */
  root: string;
  /** True when `root` is a throwaway copy of the sample. */
  isSampleCopy: boolean;
  /** A fresh directory for the trajectory and other run files. */
  runDir: string;
}

/**
 * The sample workspace copied to a throwaway directory, or the user's
 * `--workspace` directory as it is (the agent then works on the real files).
 */
export async function prepareWorkspace({
  workspace,
}: {
  workspace: string | undefined;
}): Promise<PreparedWorkspace> {
  if (workspace !== undefined) {
    const root = resolve(workspace);
    const info = await stat(root).catch(() => undefined);
    if (!info?.isDirectory()) throw new TypeError(`--workspace: ${root} is not a directory`);
    return { root, isSampleCopy: false, runDir: await mkdtemp(join(tmpdir(), "toolkit-playground-")) };
  }
  const runDir = await mkdtemp(join(tmpdir(), "toolkit-playground-"));
  const root = join(runDir, "workspace");
  await cp(sampleWorkspace(), root, { recursive: true });
  return { root, isSampleCopy: true, runDir };
}
