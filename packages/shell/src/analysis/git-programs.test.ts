import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shell } from "../tools/shell.js";
import { analyzeCommand } from "./analyze-command.js";
import { configProgramsReason } from "./git-programs.js";
import { readOnlyCommandEnv } from "./read-only-env.js";

/** Commands that ran a program named by the repository's configuration while judged read-only. */
const ATTACKS: ReadonlyArray<readonly [string, "external" | "textconv" | "clean"]> = [
  ["git diff HEAD~1 HEAD", "external"],
  ["git -C evil diff HEAD~1 HEAD", "external"],
  ["git diff --cached", "external"],
  ["git diff --no-textconv --cached", "external"],
  ["git log -p -1", "textconv"],
  ["git show", "textconv"],
  ["git log -p --no-ext-diff -1", "textconv"],
  ["git show --no-ext-diff HEAD", "textconv"],
  ["git log -Sthree --oneline", "textconv"],
  ["git blame HEAD -- a.txt", "textconv"],
  ["git status --short", "clean"],
  ["git diff --no-ext-diff --no-textconv --stat", "clean"],
  ["git diff --no-ext-diff --no-textconv HEAD -- a.txt", "clean"],
  ["git blame --no-textconv a.txt", "clean"],
  ["git ls-files -m", "clean"],
  ["git describe --always --dirty", "clean"],
];

/** Reads that stay read-only and run none of those programs. */
const READS = [
  "git log --oneline -3",
  "git log -n 2 --format=%s --no-merges",
  "git log -p --no-ext-diff --no-textconv -1",
  "git show --no-ext-diff --no-textconv HEAD",
  "git diff --no-ext-diff --no-textconv HEAD~1..HEAD",
  "git diff --no-ext-diff --no-textconv --cached",
  "git -C evil diff --no-ext-diff --no-textconv --cached",
  "git blame --no-textconv HEAD -- a.txt",
  "git grep -n sixes",
  "git ls-files",
  "git rev-parse HEAD",
];

describe("configProgramsReason", () => {
  describe("when a repository's configuration names diff programs and a clean filter", () => {
    let base: string;
    let repo: string;
    const marks = () => ({
      external: join(repo, "marks", "external"),
      textconv: join(repo, "marks", "textconv"),
      clean: join(repo, "marks", "clean"),
    });
    const hostEnv = () => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !k.startsWith("GIT_")) env[k] = v;
      return { ...env, GIT_CONFIG_NOSYSTEM: "1", HOME: base };
    };
    const git = (cwd: string, args: string[]) =>
      execFileSync("git", args, { cwd, env: hostEnv(), stdio: ["ignore", "pipe", "pipe"] }).toString();
    const clearMarks = async () => {
      await rm(join(repo, "marks"), { recursive: true, force: true });
      await mkdir(join(repo, "marks"));
      // A same-size change with an older mtime: git compares the content through the clean filter.
      for (const dir of [repo, join(repo, "evil")]) {
        await utimes(join(dir, "a.txt"), new Date("2001-01-01"), new Date("2001-01-01"));
      }
    };
    const ran = () => Object.entries(marks()).flatMap(([name, path]) => (existsSync(path) ? [name] : []));

    const makeRepo = async (dir: string) => {
      execFileSync("git", ["init", "-q", dir]);
      const id = ["-c", "user.name=t", "-c", "user.email=t@t"];
      await writeFile(join(dir, ".gitattributes"), "*.txt diff=evil filter=evil\nmarks/** -diff -filter\n");
      await writeFile(join(dir, "a.txt"), "three\n");
      git(dir, [...id, "add", ".gitattributes", "a.txt"]);
      git(dir, [...id, "commit", "-qm", "one"]);
      await writeFile(join(dir, "a.txt"), "four!\n");
      git(dir, [...id, "commit", "-qam", "two"]);
      await writeFile(join(dir, "a.txt"), "fives\n");
      git(dir, ["add", "a.txt"]);
      await writeFile(join(dir, "a.txt"), "sixes\n");
      const m = marks();
      git(dir, ["config", "diff.external", `sh -c 'touch ${m.external}'`]);
      git(dir, ["config", "diff.evil.textconv", `sh -c 'touch ${m.textconv}; cat "$0"'`]);
      git(dir, ["config", "filter.evil.clean", `sh -c 'touch ${m.clean}; cat'`]);
    };

    beforeAll(async () => {
      base = await realpath(await mkdtemp(join(tmpdir(), "shell-git-programs-")));
      repo = join(base, "repo");
      await makeRepo(repo);
      await makeRepo(join(repo, "evil"));
    });
    afterAll(async () => {
      await rm(base, { recursive: true, force: true });
    });

    /** Runs `command` through Shell only when it could run unasked (the analysis judges it read-only). */
    const runUnasked = async (command: string): Promise<string | undefined> => {
      if (!analyzeCommand(command).readOnly) return undefined;
      const shell = new Shell({ env: hostEnv() });
      const ctx = createToolContext({ cwd: repo, tempDir: join(base, "tmp") });
      try {
        return (await shell.call({ command }, ctx)).textContent();
      } finally {
        await ctx.dispose();
      }
    };

    it.each(ATTACKS)(
      "%s runs the %s program under the read-only environment (the attack is real)",
      async (command, program) => {
        await clearMarks();
        const args = command.split(" ").slice(1);
        try {
          execFileSync("git", args, { cwd: repo, env: readOnlyCommandEnv(hostEnv()), stdio: "ignore" });
        } catch {
          // A diff with an external program exits nonzero; the program ran all the same.
        }
        expect(ran()).toContain(program);
      },
    );

    it.each(ATTACKS)("%s is not run unasked, so the %s program does not run", async (command) => {
      await clearMarks();
      await runUnasked(command);
      expect(analyzeCommand(command).reason).toMatch(/configuration names/);
      expect(ran()).toEqual([]);
    });

    it.each(READS)("%s stays read-only and runs none of them", async (command) => {
      await clearMarks();
      const output = await runUnasked(command);
      expect(analyzeCommand(command)).toEqual({ readOnly: true });
      expect(output).toMatch(/\[exit 0/);
      expect(ran()).toEqual([]);
    });
  });

  describe("when a repository shows its submodules' diffs (`diff.submodule=diff`)", () => {
    let base: string;
    let repo: string;
    let marker: string;
    const hostEnv = () => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !k.startsWith("GIT_")) env[k] = v;
      return { ...env, GIT_CONFIG_NOSYSTEM: "1", HOME: base };
    };
    const id = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "protocol.file.allow=always"];
    const git = (cwd: string, args: string[]) =>
      execFileSync("git", [...id, ...args], { cwd, env: hostEnv(), stdio: ["ignore", "pipe", "pipe"] });

    beforeAll(async () => {
      base = await realpath(await mkdtemp(join(tmpdir(), "shell-git-submodule-")));
      repo = join(base, "repo");
      marker = join(repo, "external-ran");
      const sub = join(base, "sub");
      execFileSync("git", ["init", "-q", sub]);
      await writeFile(join(sub, "a.txt"), "one\n");
      git(sub, ["add", "a.txt"]);
      git(sub, ["commit", "-qm", "one"]);
      execFileSync("git", ["init", "-q", repo]);
      git(repo, ["submodule", "add", "-q", sub, "s"]);
      git(repo, ["commit", "-qm", "add s"]);
      await writeFile(join(repo, "s", "a.txt"), "two\n");
      git(join(repo, "s"), ["commit", "-qam", "two"]);
      git(repo, ["add", "s"]);
      git(repo, ["config", "diff.submodule", "diff"]);
      git(join(repo, "s"), ["config", "diff.external", `sh -c 'touch ${marker}'`]);
    });
    afterAll(async () => {
      await rm(base, { recursive: true, force: true });
    });

    it("does not run the submodule's external diff for a diff judged read-only", async () => {
      const command = "git diff --no-ext-diff --no-textconv --cached";
      expect(analyzeCommand(command)).toEqual({ readOnly: true });
      await rm(marker, { force: true });
      git(repo, command.split(" ").slice(1));
      expect(existsSync(marker)).toBe(true);
      await rm(marker, { force: true });
      const shell = new Shell({ env: hostEnv() });
      const ctx = createToolContext({ cwd: repo, tempDir: join(base, "tmp") });
      let output: string;
      try {
        output = (await shell.call({ command }, ctx)).textContent();
      } finally {
        await ctx.dispose();
      }
      expect(existsSync(marker)).toBe(false);
      expect(output).toContain("Subproject commit");
    });

    it("refuses to ask for the submodules' diffs on the command line", () => {
      expect(analyzeCommand("git diff --no-ext-diff --no-textconv --cached --submodule=diff").reason).toBe(
        "`git diff --submodule=diff` runs `git diff` in each submodule, with the programs its configuration names; use `--submodule=log`",
      );
    });
  });

  describe("when a repository names an `core.alternateRefsCommand` for its alternates", () => {
    it("does not run it unasked for `git log --alternate-refs`", async () => {
      const base = await realpath(await mkdtemp(join(tmpdir(), "shell-git-alternates-")));
      try {
        const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: base, GIT_CONFIG_NOSYSTEM: "1" };
        const git = (cwd: string, args: string[]) =>
          execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
            cwd,
            env,
            stdio: "ignore",
          });
        const repo = join(base, "repo");
        // Inside the workspace, so that a sandboxed command sees the alternate too.
        const other = join(repo, "other");
        const marker = join(repo, "alternates-ran");
        for (const dir of [repo, other]) {
          execFileSync("git", ["init", "-q", dir], { env });
          git(dir, ["commit", "-q", "--allow-empty", "-m", "x"]);
        }
        await writeFile(
          join(repo, ".git", "objects", "info", "alternates"),
          `${join(other, ".git", "objects")}\n`,
        );
        git(repo, ["config", "core.alternateRefsCommand", `sh -c 'touch ${marker}'`]);
        const command = "git log --alternate-refs --oneline";
        git(repo, command.split(" ").slice(1));
        expect(existsSync(marker)).toBe(true);
        await rm(marker);
        if (analyzeCommand(command).readOnly) {
          const ctx = createToolContext({ cwd: repo, tempDir: join(base, "tmp") });
          try {
            await new Shell({ env }).call({ command }, ctx);
          } finally {
            await ctx.dispose();
          }
        }
        expect(existsSync(marker)).toBe(false);
      } finally {
        await rm(base, { recursive: true, force: true });
      }
    });
  });

  describe("when judging a subcommand's arguments", () => {
    it.each([
      ["status", [], "`git status` reads work-tree files through the clean filters"],
      ["log", ["-p"], "`git log` with diff options runs the programs"],
      ["diff", ["--no-ext-diff"], "`git diff` runs the programs"],
      ["diff", ["--no-ext-diff", "--no-textconv", "-S", "..x"], "`git diff` of the work tree"],
      ["diff", ["--no-ext-diff", "--no-textconv", "--no-index", "a", "b"], "`git diff --no-index`"],
      ["blame", ["--no-textconv", "-L", "1,5", "--", "f"], "`git blame` of the work-tree file"],
      ["blame", ["--no-textconv", "--ignore-rev", "X", "--", "f"], "`git blame` of the work-tree file"],
      ["ls-files", ["-om"], "`git ls-files --modified`"],
      ["describe", ["--broken"], "`git describe --dirty`"],
      ["stash show", [], "`git stash show` runs the programs"],
      ["stash list", ["-p"], "`git stash list` with diff options"],
    ])("git %s %j is refused", (sub, rest, reason) => {
      expect(configProgramsReason(sub, rest)).toContain(reason);
    });

    it.each([
      ["log", ["--oneline", "-5", "--", "src"]],
      ["log", ["-p", "--no-textconv", "--no-ext-diff"]],
      ["reflog", []],
      ["blame", ["--no-textconv", "-L", "1,5", "HEAD", "--", "f"]],
      ["grep", ["-n", "x"]],
      ["diff", ["--no-ext-diff", "--no-textconv", "--staged", "HEAD~2"]],
    ])("git %s %j is accepted", (sub, rest) => {
      expect(configProgramsReason(sub, rest)).toBeUndefined();
    });
  });
});
