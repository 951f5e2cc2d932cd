import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { DIRS, FILES, RULES } from "../testing/ignore-fixtures.js";
import { git, gitListed, tempTree } from "../testing/temp-tree.js";
import { Grep } from "./grep-tool.js";

describe("Grep", () => {
  describe("when nested ignore rules and negations are generated", () => {
    it("searches exactly the files git lists, with either engine", async () => {
      const engines = [new Grep({ engine: "ripgrep" }), new Grep({ engine: "js" })];
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom(...FILES)), {
            minLength: 1,
            maxLength: 20,
          }),
          fc.array(
            fc.tuple(fc.constantFrom(...DIRS), fc.array(fc.constantFrom(...RULES), { maxLength: 5 })),
            {
              maxLength: 4,
            },
          ),
          async (files, ignores) => {
            const t = await tempTree();
            try {
              for (const [dir, name] of files) await t.write(dir ? `${dir}/${name}` : name, "x\n");
              for (const [dir, rules] of ignores)
                await t.write(dir ? `${dir}/.gitignore` : ".gitignore", `${rules.join("\n")}\n`);
              git(t.root, ["init", "-q"]);
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
