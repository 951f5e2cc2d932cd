import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { ignoreTreeArbitraries } from "../testing/ignore-tree-arbitraries.js";
import { gitListed, tempTree } from "../testing/temp-tree.js";
import { writeIgnoreTree } from "../testing/write-ignore-tree.js";
import { Grep } from "./grep-tool.js";

describe("Grep", () => {
  describe("when nested ignore rules and negations are generated", () => {
    it("searches exactly the files git lists, with either engine", async () => {
      const engines = [new Grep({ engine: "ripgrep" }), new Grep({ engine: "js" })];
      await fc.assert(
        fc.asyncProperty(
          ...ignoreTreeArbitraries({ maxFiles: 20, maxIgnoreFiles: 4, maxRules: 5 }),
          async (files, ignores) => {
            const t = await tempTree();
            try {
              await writeIgnoreTree(t, files, ignores);
              const expected = gitListed(t.root).filter((p) => !p.split("/").some((s) => s.startsWith(".")));
              for (const grep of engines) {
                const out = (
                  await grep.call({ pattern: "x", head_limit: 0 }, contextFor(t.root))
                ).textContent();
                const listed = out.startsWith("No matches") ? [] : out.split("\n");
                expect(listed).toEqual(expected);
              }
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
