// Test support: real workspaces in temp folders, hashed file by file.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterEach, it } from "vitest";

/** A workspace and a state folder, both removed by `cleanup`. */
export interface TestWorkspace {
  readonly root: string;
  readonly stateDir: string;
  write(path: string, content: string | Uint8Array): Promise<void>;
  cleanup(): Promise<void>;
}

/** A fresh workspace and state folder in the OS temp folder. */
export async function testWorkspace(): Promise<TestWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-checkpoint-")));
  const root = join(base, "ws");
  const stateDir = join(base, "state");
  await mkdir(root);
  return {
    root,
    stateDir,
    async write(path, content) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Runs the user's git in the workspace (its own repository), isolated from this machine's config. */
export function userGit(root: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: root,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: root,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "user",
      GIT_AUTHOR_EMAIL: "user@example.invalid",
      GIT_COMMITTER_NAME: "user",
      GIT_COMMITTER_EMAIL: "user@example.invalid",
    },
  });
}

/**
 * SHA-256 of every file under `dir`, keyed by `/`-separated relative path;
 * folders named in `skip` (relative) are not entered.
 */
export async function hashFiles(dir: string, skip: readonly string[] = []): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(current: string): Promise<void> {
    const entries = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(current, entry.name);
      const rel = relative(dir, path).split("\\").join("/");
      if (skip.includes(rel)) continue;
      if (entry.isDirectory()) await walk(path);
      else
        out[rel] = createHash("sha256")
          .update(await readFile(path))
          .digest("hex");
    }
  }
  await walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** For one test file: `next()` makes a fresh workspace; each is removed after its test. */
export function useTestWorkspaces(): () => Promise<TestWorkspace> {
  const made: TestWorkspace[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((w) => w.cleanup()));
  });
  return async () => {
    const w = await testWorkspace();
    made.push(w);
    return w;
  };
}

/** The git on PATH is 2.26 or newer (`--pathspec-from-file`), or why not. */
function gitProblem(): string | undefined {
  const run = spawnSync("git", ["--version"], { encoding: "utf8" });
  if (run.error || run.status !== 0)
    return `git is not on PATH (${run.error?.message ?? `exit ${run.status}`})`;
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(run.stdout) ?? []).slice(1).map(Number);
  return major > 2 || (major === 2 && minor >= 26) ? undefined : `${run.stdout.trim()} is older than 2.26`;
}

const problem = gitProblem();

/**
 * True (skip) when git is missing or too old, with one printed line naming
 * the Debian package; under CI=true the skip is a failing test instead.
 */
export function skipWithoutGit(what: string): boolean {
  if (problem === undefined) return false;
  if (process.env.CI === "true") {
    it(`${what} needs git`, () => {
      throw new Error(`git 2.26 or newer is required in CI (apt-get install -y git): ${problem}`);
    });
  } else {
    console.log(`skipping ${what}: install the Debian package git (${problem})`);
  }
  return true;
}
