import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { type TempTree, tempTree } from "../testing/temp-tree.js";
import { renderTree } from "./render-tree.js";
import { Tree } from "./tree-tool.js";

let tree: TempTree;
beforeAll(async () => {
  tree = await tempTree();
  await tree.write(".gitignore", "dist/\n");
  await tree.write("src/util/strings.ts", "");
  await tree.write("src/index.ts", "");
  await tree.write("src/Alpha.ts", "");
  await tree.write("dist/out.js", "");
  await tree.write(".env", "");
  await tree.write("README.md", "");
  await tree.write("a/b/c/d/e.txt", "");
});
afterAll(() => tree.cleanup());

const call = async (input: Record<string, unknown>, tool = new Tree()) =>
  (await tool.call(input, contextFor(tree.root))).textContent();

describe("Tree", () => {
  describe("when drawing the workspace", () => {
    it("puts directories first, sorts alphabetically, honours .gitignore and ends with a summary", async () => {
      expect(await call({})).toBe(
        [
          ".",
          "├── a/",
          "│   └── b/",
          "│       └── c/",
          "├── src/",
          "│   ├── util/",
          "│   │   └── strings.ts",
          "│   ├── Alpha.ts",
          "│   └── index.ts",
          "└── README.md",
          "",
          "5 directories, 4 files",
        ].join("\n"),
      );
    });

    it("follows max_depth and path", async () => {
      expect(await call({ max_depth: 1 })).toBe(
        [".", "├── a/", "├── src/", "└── README.md", "", "2 directories, 1 file"].join("\n"),
      );
      expect(await call({ path: "src/util" })).toBe(
        ["src/util/", "└── strings.ts", "", "0 directories, 1 file"].join("\n"),
      );
    });

    it("cuts at the entry cap with a note", async () => {
      expect(await call({ max_depth: 1 }, new Tree({ maxEntries: 2 }))).toBe(
        [
          ".",
          "├── a/",
          "├── src/",
          "(Showing 2 of 3 entries; pass a subdirectory as `path` or a smaller `max_depth`.)",
          "",
          "2 directories, 1 file",
        ].join("\n"),
      );
    });
  });

  describe("when the input is wrong", () => {
    it.each([
      [{ max_depth: 0 }, /^Invalid input: `max_depth` must be >= 1/],
      [{ max_depth: 51 }, /^Invalid input: `max_depth` must be <= 50/],
      [
        { path: "README.md" },
        /^Invalid input: `path` "README\.md" is a file; Tree draws directories\nPass a directory/,
      ],
      [{ path: "../" }, /^Permission denied: `path` "\.\.\/" is outside the workspace/],
      [{ path: "missing" }, /^File not found: missing/],
    ])("%j answers a soft error", async (input, message) => {
      expect(await call(input)).toMatch(message);
    });
  });
});

describe("renderTree", () => {
  describe("when entries nest", () => {
    it("draws box characters and counts every entry", () => {
      const drawn = renderTree({
        entries: [
          { path: "b.txt", isDir: false },
          { path: "d", isDir: true },
          { path: "d/x", isDir: false },
        ],
        maxEntries: 10,
      });
      expect(drawn).toEqual({
        lines: ["├── d/", "│   └── x", "└── b.txt"],
        shown: 3,
        directories: 1,
        files: 2,
      });
    });
  });
});
