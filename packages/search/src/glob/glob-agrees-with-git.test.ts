import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { DIRS, FILES, RULES } from "../testing/ignore-fixtures.js";
import { git, gitListed, tempTree } from "../testing/temp-tree.js";
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
          fc.uniqueArray(fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom(...FILES)), {
            minLength: 1,
            maxLength: 20,
          }),
          fc.array(
            fc.tuple(fc.constantFrom(...DIRS), fc.array(fc.constantFrom(...RULES), { maxLength: 4 })),
            {
              maxLength: 3,
            },
          ),
          fc.constantFrom(...PATTERNS),
          async (files, ignores, pattern) => {
            const t = await tempTree();
            try {
              for (const [dir, name] of files) await t.write(dir ? `${dir}/${name}` : name, "x\n");
              for (const [dir, rules] of ignores)
                await t.write(dir ? `${dir}/.gitignore` : ".gitignore", `${rules.join("\n")}\n`);
              git(t.root, ["init", "-q"]);
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
