import { chmod, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolContext } from "@toolkit/core";

/** A temp project: `dir` is the workspace, `script` writes an executable hook script into it. */
export interface Project {
  readonly dir: string;
  readonly ctx: ToolContext;
  /** Writes an executable file under the project and returns its absolute path. */
  script(name: string, text: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function project(): Promise<Project> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "hooks-test-")));
  const dir = join(base, "ws");
  await import("node:fs/promises").then((fs) => fs.mkdir(dir));
  const ctx = createToolContext({ cwd: dir, tempDir: join(base, "tmp") });
  return {
    dir,
    ctx,
    async script(name, text) {
      const path = join(dir, name);
      await writeFile(path, text);
      await chmod(path, 0o755);
      return path;
    },
    async cleanup() {
      await ctx.dispose();
      await rm(base, { recursive: true, force: true });
    },
  };
}
