import { describe, expect, it } from "vitest";
import { expandBraces, pathFilter } from "./path-filter.js";

describe("expandBraces", () => {
  describe("when a glob holds alternatives", () => {
    it.each([
      ["*.{ts,tsx}", ["*.ts", "*.tsx"]],
      ["{a,b{c,d}}/x", ["a/x", "bc/x", "bd/x"]],
      ["plain/*.ts", ["plain/*.ts"]],
      ["\\{a,b}", ["\\{a,b}"]],
      ["{a}", ["a"]],
    ])("%s expands to %j", (glob, expected) => {
      expect(expandBraces(glob)).toEqual(expected);
    });
  });
});

describe("pathFilter", () => {
  describe("when globs and a type are given", () => {
    it("keeps files as ripgrep's --glob and --type would", () => {
      const keep = pathFilter({ globs: ["src/**", "!*.md"] });
      expect(["src/a.ts", "src/b.md", "docs/c.ts"].filter(keep)).toEqual(["src/a.ts"]);
      const exclude = pathFilter({ globs: ["!src"] });
      expect(["src/a.ts", "lib/src.ts", "b.ts"].filter(exclude)).toEqual(["lib/src.ts", "b.ts"]);
      const typed = pathFilter({ globs: [], type: "ruby" });
      expect(["Gemfile", "a.rb", "a.py"].filter(typed)).toEqual(["Gemfile", "a.rb"]);
    });
  });
});
