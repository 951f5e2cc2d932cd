import { describe, expect, it } from "vitest";
import { nearestRegion } from "./nearest-region.js";

const file = ["function f() {", "\tconst a = 1;", "\tconst b = 2;", "\treturn a + b;", "}"].join("\n");

describe("nearestRegion", () => {
  describe("when only the indentation differs", () => {
    it("finds the lines and says tabs against spaces", () => {
      expect(nearestRegion(file, "  const a = 1;\n  const b = 2;", "old_string")).toEqual({
        startLine: 2,
        endLine: 3,
        lines: ["\tconst a = 1;", "\tconst b = 2;"],
        difference:
          "It differs from `old_string` only in indentation: the file indents with tabs, `old_string` with spaces.",
      });
    });
  });
  describe("when whitespace differs elsewhere", () => {
    it.each([
      ["\tconst a = 1;  ", "It differs from `old_string` only in trailing whitespace."],
      ["\tconst  a = 1;", "It differs from `old_string` only in whitespace inside lines."],
      ["\tCONST A = 1;", "It differs from `old_string` only in letter case."],
      ["\t\tconst a = 1;", "It differs from `old_string` only in indentation (leading whitespace)."],
    ])("describes %j", (wanted, difference) => {
      expect(nearestRegion(file, wanted, "old_string")?.difference).toBe(difference);
    });
  });
  describe("when the text differs in substance", () => {
    it("names the first differing line of the file", () => {
      const r = nearestRegion(file, "\tconst a = 1;\n\tconst b = 3;", "old_string");
      expect(r?.startLine).toBe(2);
      expect(r?.difference).toBe(
        'The first difference is at line 3: the file has "\\tconst b = 2;" where `old_string` has "\\tconst b = 3;".',
      );
    });
    it("falls back to the most similar line", () => {
      const r = nearestRegion(file, "\treturn a * b;", "old_string");
      expect(r).toMatchObject({ startLine: 4, endLine: 4 });
    });
  });
  describe("when nothing is similar", () => {
    it("returns undefined", () => {
      expect(nearestRegion(file, "zzzz qqqq", "old_string")).toBeUndefined();
    });
  });
});
