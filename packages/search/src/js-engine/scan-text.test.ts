import { describe, expect, it } from "vitest";
import { scanText } from "./scan-text.js";

describe("scanText", () => {
  describe("when lines match", () => {
    it("counts a line once however many matches it holds, and gives context", () => {
      const result = scanText({ text: "a a\nb\na\nc\n", regex: /a/gu, mode: "content", before: 1, after: 1 });
      expect(result).toEqual({
        count: 2,
        lines: [
          [1, "a a", true],
          [2, "b", false],
          [3, "a", true],
          [4, "c", false],
        ],
      });
    });

    it("covers every line a multi-line match touches and counts it once", () => {
      const result = scanText({ text: "ab\ncd\nef", regex: /b\nc/gu, mode: "content" });
      expect(result).toEqual({
        count: 1,
        lines: [
          [1, "ab", true],
          [2, "cd", true],
        ],
      });
    });

    it("sees no line after a trailing newline, nor in an empty text", () => {
      expect(scanText({ text: "x\n", regex: /(?:)/gu, mode: "count" })?.count).toBe(1);
      expect(scanText({ text: "", regex: /(?:)/gu, mode: "count" })).toBeUndefined();
      expect(scanText({ text: "x", regex: /(?![^\n])/gu, mode: "count" })?.count).toBe(1);
    });

    it("sees an empty first line", () => {
      expect(scanText({ text: "\n\n", regex: /(?<![^\n])/gu, mode: "content" })?.lines).toEqual([
        [1, "", true],
        [2, "", true],
      ]);
    });

    it("stops at the first match for files_with_matches", () => {
      expect(scanText({ text: "a\na\n", regex: /a/gu, mode: "files_with_matches" })).toEqual({
        count: 1,
        lines: [],
      });
    });
  });
});
