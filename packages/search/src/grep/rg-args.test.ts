import { describe, expect, it } from "vitest";
import type { EngineRequest } from "./engine.js";
import { ripgrepArgs } from "./rg-args.js";

const base: EngineRequest = {
  root: "/w",
  target: "",
  targetIsDir: true,
  pattern: "-x",
  fixedStrings: false,
  caseInsensitive: false,
  multiline: false,
  mode: "files_with_matches",
  before: 0,
  after: 0,
  globs: [],
  type: undefined,
  hidden: false,
  maxFileBytes: 8388608,
  maxRows: 10,
};

describe("ripgrepArgs", () => {
  describe("when a directory is searched", () => {
    it("ignores configuration, requires no git repository, logs skips and keeps out of .git", () => {
      expect(ripgrepArgs(base)).toEqual([
        "--no-config",
        "--no-require-git",
        "--no-ignore-global",
        "--no-messages",
        "--debug",
        "--max-filesize",
        "8388608",
        "--color",
        "never",
        "--files-with-matches",
        "--null",
        "--glob",
        "!.git",
        "--regexp",
        "-x",
        "--",
        ".",
      ]);
    });

    it("passes filters, case, literal, multiline and context", () => {
      const args = ripgrepArgs({
        ...base,
        mode: "content",
        before: 1,
        after: 2,
        caseInsensitive: true,
        fixedStrings: true,
        multiline: true,
        globs: ["*.ts"],
        type: "ts",
        hidden: true,
        target: "src",
      });
      expect(args.join(" ")).toContain(
        "--json --before-context 1 --after-context 2 --ignore-case --fixed-strings --multiline --type ts --glob *.ts --glob !.git --hidden --regexp -x -- src",
      );
    });
  });

  describe("when skip counts are not wanted", () => {
    it("leaves the debug log off", () => {
      expect(ripgrepArgs({ ...base, countSkipped: false })).not.toContain("--debug");
      expect(ripgrepArgs({ ...base, countSkipped: true })).toContain("--debug");
    });
  });

  describe("when chosen files are searched", () => {
    it("lists them, without filters or the debug log", () => {
      const args = ripgrepArgs({
        ...base,
        mode: "content",
        files: ["a.ts", "b.ts"],
        globs: ["*.ts"],
        type: "ts",
      });
      expect(args).not.toContain("--debug");
      expect(args).not.toContain("--type");
      expect(args.slice(-3)).toEqual(["--", "a.ts", "b.ts"]);
    });
  });
});
