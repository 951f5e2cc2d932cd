import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shell } from "../tools/shell.js";
import { analyzeCommand } from "./analyze-command.js";
import { READ_ONLY_GIT_CONFIG, readOnlyCommandEnv } from "./read-only-env.js";

describe("readOnlyCommandEnv", () => {
  describe("when given an environment", () => {
    it("removes variables that name programs and appends the git overrides after existing ones", () => {
      const env = readOnlyCommandEnv({
        PATH: "/bin",
        GIT_EXTERNAL_DIFF: "x",
        BASH_ENV: "/tmp/x",
        "BASH_FUNC_ls%%": "() { rm -rf /; }",
        RIPGREP_CONFIG_PATH: "/tmp/rg",
        GIT_CONFIG_COUNT: "1",
        GIT_CONFIG_KEY_0: "user.name",
        GIT_CONFIG_VALUE_0: "me",
      });
      const count = Object.keys(READ_ONLY_GIT_CONFIG).length;
      expect(env.PATH).toBe("/bin");
      expect(readOnlyCommandEnv({ PATH: "/bin::.:node_modules/.bin:/usr/bin:" }).PATH).toBe("/bin:/usr/bin");
      for (const name of ["GIT_EXTERNAL_DIFF", "BASH_ENV", "BASH_FUNC_ls%%", "RIPGREP_CONFIG_PATH"]) {
        expect(env[name]).toBeUndefined();
      }
      expect(env.GIT_CONFIG_COUNT).toBe(String(count + 1));
      expect([env.GIT_CONFIG_KEY_0, env.GIT_CONFIG_VALUE_0]).toEqual(["user.name", "me"]);
      expect([env.GIT_CONFIG_KEY_1, env.GIT_CONFIG_VALUE_1]).toEqual(["core.fsmonitor", "false"]);
      expect(env).toMatchObject({ GIT_PAGER: "cat", PAGER: "cat", GIT_OPTIONAL_LOCKS: "0" });
    });
  });

  describe("when a repository's configuration names an fsmonitor program", () => {
    let base: string;
    let repo: string;
    let marker: string;
    const git = (args: string[], env: Record<string, string | undefined>) =>
      execFileSync("git", args, { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"] }).toString();
    const hostEnv = () => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !k.startsWith("GIT_")) env[k] = v;
      return { ...env, GIT_CONFIG_NOSYSTEM: "1", HOME: base };
    };

    beforeAll(async () => {
      base = await realpath(await mkdtemp(join(tmpdir(), "shell-ro-env-")));
      repo = join(base, "repo");
      marker = join(base, "fsmonitor-ran");
      execFileSync("git", ["init", "-q", repo]);
      await writeFile(join(repo, "a.txt"), "one\n");
      const env = hostEnv();
      git(["-c", "user.name=t", "-c", "user.email=t@t", "add", "."], env);
      git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"], env);
      await writeFile(join(repo, "a.txt"), "two\n");
      git(["config", "core.fsmonitor", `touch ${marker}; false`], env);
    });
    afterAll(async () => {
      await rm(base, { recursive: true, force: true });
    });

    it("runs it without the read-only environment (the attack is real)", async () => {
      await rm(marker, { force: true });
      git(["status", "--short"], hostEnv());
      expect(existsSync(marker)).toBe(true);
    });

    it.each([
      ["status", "--short"],
      ["diff", "--stat"],
    ])("does not run it for git %s with the read-only environment", async (...args) => {
      await rm(marker, { force: true });
      const out = git(args, readOnlyCommandEnv(hostEnv()));
      expect(out).toContain("a.txt");
      expect(existsSync(marker)).toBe(false);
    });

    it("is not run by Shell for a command the analysis judges read-only", async () => {
      await rm(marker, { force: true });
      const shell = new Shell({ env: hostEnv() });
      const ctx = createToolContext({ cwd: repo, tempDir: join(base, "tmp") });
      const command = "git diff --no-ext-diff --no-textconv --stat HEAD..HEAD && git ls-files";
      expect(analyzeCommand(command)).toEqual({ readOnly: true });
      try {
        const output = await shell.call({ command }, ctx);
        expect(output.textContent()).toContain("a.txt");
        expect(existsSync(marker)).toBe(false);
      } finally {
        await ctx.dispose();
      }
    });
  });
});
