import { describe, expect, it } from "vitest";
import { compileGitignore } from "./gitignore-rules.js";

describe("compileGitignore", () => {
  describe("when a rule has no slash", () => {
    it.each([
      ["*.log", "a/b/c.log", false, "ignore"],
      ["*.log", "c.log", false, "ignore"],
      ["*.log", "c.logs", false, undefined],
      ["build", "x/build", true, "ignore"],
      ["build/", "x/build", false, undefined],
      ["build/", "x/build", true, "ignore"],
      ["?.ts", "a/b.ts", false, "ignore"],
      ["?.ts", "ab.ts", false, undefined],
      ["[ab].ts", "b.ts", false, "ignore"],
      ["x[!1].ts", "x1.ts", false, undefined],
      ["x[!1].ts", "x2.ts", false, "ignore"],
      ["\\#hash", "#hash", false, "ignore"],
      ["# comment", "# comment", false, undefined],
      ["\\!x.ts", "!x.ts", false, "ignore"],
      ["name\\ ", "name ", false, "ignore"],
      ["trailing  ", "trailing", false, "ignore"],
    ] as const)("%s on %s (dir: %s) gives %s", (rule, path, isDir, verdict) => {
      expect(compileGitignore(rule).test(path, isDir)).toBe(verdict);
    });
  });

  describe("when a rule has a slash", () => {
    it.each([
      ["/root.txt", "root.txt", "ignore"],
      ["/root.txt", "a/root.txt", undefined],
      ["a/b", "a/b", "ignore"],
      ["a/b", "x/a/b", undefined],
      ["a/*.js", "a/x.js", "ignore"],
      ["a/*.js", "a/b/x.js", undefined],
      ["**/tmp", "x/y/tmp", "ignore"],
      ["**/tmp", "tmp", "ignore"],
      ["a/**", "a/x/y", "ignore"],
      ["a/**", "a", undefined],
      ["a/**/y.js", "a/y.js", "ignore"],
      ["a/**/y.js", "a/b/c/y.js", "ignore"],
      ["a/**/y.js", "ab/y.js", undefined],
    ] as const)("%s on %s gives %s", (rule, path, verdict) => {
      expect(compileGitignore(rule).test(path, false)).toBe(verdict);
    });
  });

  describe("when rules negate each other", () => {
    it("lets the last matching rule decide", () => {
      const rules = compileGitignore("*.log\n!keep.log\n");
      expect(rules.test("a/keep.log", false)).toBe("include");
      expect(rules.test("a/drop.log", false)).toBe("ignore");
      expect(compileGitignore("!keep.log\n*.log\n").test("keep.log", false)).toBe("ignore");
    });
  });
});
