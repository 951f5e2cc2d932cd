import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { ignoreTreeArbitraries } from "../testing/ignore-tree-arbitraries.js";
import { gitListed, tempTree } from "../testing/temp-tree.js";
import { writeIgnoreTree } from "../testing/write-ignore-tree.js";
import { Glob } from "./glob-tool.js";

const PATTERNS = [
  "**/*.ts",
  "a/**/*.js",
  "*.log",
  "**/keep.log",
  "b/*",
  "**",
  "a/b/**",
  "c/a/*.{ts,md}",
  "tmp/**/x*",
];

describe("Glob", () => {
  describe("when trees, ignore rules and patterns are generated", () => {
    it("lists what git lists that the pattern matches", async () => {
      const glob = new Glob();
      await fc.assert(
        fc.asyncProperty(
          ...ignoreTreeArbitraries({ maxFiles: 20, maxIgnoreFiles: 3, maxRules: 4 }),
          fc.constantFrom(...PATTERNS),
          async (files, ignores, pattern) => {
            const t = await tempTree();
            try {
              await writeIgnoreTree(t, files, ignores);
              const isMatch = picomatch(pattern);
              const expected = gitListed(t.root).filter((p) => isMatch(p));
              const text = (await glob.call({ pattern }, contextFor(t.root))).textContent();
              const listed = text.startsWith("No files found") ? [] : text.split("\n");
              expect(listed).toEqual(expected);
            } finally {
              await t.cleanup();
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  });
});
