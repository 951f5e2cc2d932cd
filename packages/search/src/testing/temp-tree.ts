import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temporary directory tree for tests; `cleanup()` removes it. */
export interface TempTree {
  readonly root: string;
  write(relative: string, content: string | Uint8Array): Promise<void>;
  cleanup(): Promise<void>;
}

/** Creates an empty temporary directory (symlinks resolved). */
export async function tempTree(prefix = "toolkit-search-"): Promise<TempTree> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return {
    root,
    async write(relative, content) {
      const path = join(root, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};

/** Runs git in `cwd` with no global or system configuration. */
export function git(cwd: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" });
}

/** What git itself lists: `git ls-files --cached --others --exclude-standard`, sorted. */
export function gitListed(cwd: string): string[] {
  return git(cwd, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
    .split("\0")
    .filter((p) => p !== "")
    .sort();
}
