import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createToolContext, type ToolContext, type ToolOutput } from "@toolkit/core";

/** A temp workspace and a context rooted in it; `cleanup` disposes the context and removes both. */
export interface Sandbox {
  root: string;
  ctx: ToolContext;
  cleanup(): Promise<void>;
}

export async function sandbox(signal?: AbortSignal): Promise<Sandbox> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "shell-tool-")));
  const root = join(base, "ws");
  await import("node:fs/promises").then((fs) => fs.mkdir(root));
  const ctx = createToolContext({ cwd: root, tempDir: join(base, "tmp"), ...(signal ? { signal } : {}) });
  return {
    root,
    ctx,
    async cleanup() {
      await ctx.dispose();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** The reply text with the run time replaced by `N`, so replies can be pinned exactly. */
export function pinned(output: ToolOutput): string {
  return output.textContent().replace(/\d+ ms\]/g, "N ms]");
}

/** The pids a command wrote, one per line, to `file` in `dir`. */
export async function pidsIn(dir: string, file = "pids"): Promise<number[]> {
  const text = await readFile(join(dir, file), "utf8");
  return text.split("\n").filter(Boolean).map(Number);
}

/** Polls until `check` returns a value (for state changes made by child processes). */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  tries = 200,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(25);
  }
  throw new Error("condition not reached");
}
