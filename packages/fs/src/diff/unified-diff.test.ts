import { applyPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonPrefix, commonSuffix, countNewlines, unifiedDiff } from "./unified-diff.js";

describe("unifiedDiff", () => {
  describe("when one line changes deep in a file", () => {
    it("numbers the hunk from the file's real line", async () => {
      const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
      const after = before.replace("line 12\n", "line twelve\n");
      expect(await unifiedDiff({ shown: "src/a.txt", before, after })).toBe(
        [
          "--- a/src/a.txt",
          "+++ b/src/a.txt",
          "@@ -9,7 +9,7 @@",
          " line 9",
          " line 10",
          " line 11",
          "-line 12",
          "+line twelve",
          " line 13",
          " line 14",
          " line 15",
        ].join("\n"),
      );
    });
  });
  describe("when the file is new", () => {
    it("diffs against /dev/null", async () => {
      expect(await unifiedDiff({ shown: "n.txt", before: undefined, after: "a\nb\n" })).toBe(
        ["--- /dev/null", "+++ b/n.txt", "@@ -0,0 +1,2 @@", "+a", "+b"].join("\n"),
      );
    });
  });
  describe("when the diff is longer than maxLines", () => {
    it("cuts it with a note", async () => {
      const after = Array.from({ length: 10 }, (_, i) => `${i}`).join("\n");
      expect(await unifiedDiff({ shown: "x", before: undefined, after, maxLines: 4 })).toBe(
        ["--- /dev/null", "+++ b/x", "@@ -0,0 +1,10 @@", "+0", "[diff cut: 10 more lines]"].join("\n"),
      );
    });
  });
  describe("when any two texts are compared", () => {
    it("gives a patch that turns the old text into the new one", async () => {
      const text = fc
        .array(fc.constantFrom("a", "b", "c", "é", "\n", "\n", "x y"), { maxLength: 60 })
        .map((p) => p.join(""));
      await fc.assert(
        fc.asyncProperty(text, text, async (before, after) => {
          const diff = await unifiedDiff({ shown: "f", before, after, maxLines: 10_000 });
          expect(applyPatch(before, diff)).toBe(after);
        }),
      );
    });
  });
});

describe("commonPrefix and commonSuffix", () => {
  describe("when the texts are longer than one block", () => {
    it("finds the exact lengths", () => {
      const a = `${"x".repeat(9000)}A${"y".repeat(5000)}`;
      const b = `${"x".repeat(9000)}B${"y".repeat(5000)}`;
      expect(commonPrefix(a, b)).toBe(9000);
      expect(commonSuffix(a, b)).toBe(5000);
    });
  });
});

describe("countNewlines", () => {
  describe("when an end is given", () => {
    it("counts only the newlines before it", () => {
      expect(countNewlines("a\nb\nc\n", 3)).toBe(1);
      expect(countNewlines("a\nb\nc\n")).toBe(3);
    });
  });
});
