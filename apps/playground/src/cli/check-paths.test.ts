import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkPaths } from "./check-paths.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "playground-paths-"));
  dirs.push(dir);
  return dir;
}

describe("checkPaths", () => {
  describe("when the paths are relative", () => {
    it("resolves them against the directory the user ran the command in", () => {
      const cwd = tempDir();
      expect(checkPaths({ workspace: ".", memory: "runs.db", cwd })).toEqual({
        workspace: cwd,
        memory: join(cwd, "runs.db"),
      });
    });
  });

  describe("when a path is bad", () => {
    it.each([
      ["a missing workspace", { workspace: "nope" }, /^--workspace: .*nope does not exist$/],
      [
        "a workspace that is a file",
        { workspace: "file.txt" },
        /^--workspace: .*file\.txt is not a directory$/,
      ],
      [
        "a memory store in a missing folder",
        { memory: "no/such/runs.db" },
        /^--memory: the folder of .*runs\.db does not exist$/,
      ],
      ["a memory store that is a folder", { memory: "." }, /^--memory: .* is a directory, not a store file$/],
    ])("refuses %s with a message naming the flag", (_what, flags, message) => {
      const cwd = tempDir();
      writeFileSync(join(cwd, "file.txt"), "x");
      expect(() => checkPaths({ workspace: undefined, memory: undefined, cwd, ...flags })).toThrow(message);
    });
  });
});

describe("the playground command", () => {
  it.each([
    ["--workspace", "/no/such/dir"],
    ["--memory", "/no/such/dir/runs.db"],
  ])("exits 2 at once for a bad %s, without starting anything", (flag, value) => {
    const main = join(import.meta.dirname, "..", "main.ts");
    const run = spawnSync(process.execPath, ["--import", "tsx", main, flag, value], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, INIT_CWD: tempDir() },
    });
    expect(run.error).toBeUndefined(); // not killed by the timeout: it did not hang
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^playground: ${flag}: `));
    expect(run.stdout).toBe("");
  });
});
