import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findAll, lineNumbersAt } from "./find-matches.js";

describe("lineNumbersAt", () => {
  describe("when offsets fall on lines of any text", () => {
    it("gives one plus the newlines before each offset", () => {
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom("a", "\n", "b") }), fc.string(), (text, needle) => {
          const offsets = findAll(text, needle || "a");
          const want = offsets.map((o) => text.slice(0, o).split("\n").length);
          expect(lineNumbersAt(text, offsets)).toEqual(want);
        }),
      );
    });
  });
  describe("when one long line holds a million offsets", () => {
    it("looks for the next newline once, not once per offset", () => {
      const text = "ab".repeat(2 * 1024 * 1024);
      const offsets = findAll(text, "ab");
      const lines = lineNumbersAt(text, offsets);
      expect(lines).toHaveLength(2 * 1024 * 1024);
      expect(lines.every((l) => l === 1)).toBe(true);
    });
  });
});
