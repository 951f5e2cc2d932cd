import fc from "fast-check";
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { git, gitListed, type TempTree, tempTree } from "../testing/temp-tree.js";
import { LocalFileSource } from "@toolkit/core";
import { RULES } from "../testing/ignore-fixtures.js";
import { ignoreTreeArbitraries } from "../testing/ignore-tree-arbitraries.js";
import { writeIgnoreTree } from "../testing/write-ignore-tree.js";
import { walk } from "./walker.js";

async function listed(
  root: string,
  start?: string,
  hidden = false,
  extra: { explicit?: string; maxDepth?: number; includeDirs?: boolean } = {},
): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of walk({
    source: new LocalFileSource(),
    root,
    hidden,
    ...(start ? { start } : {}),
    ...extra,
  }))
    for (const e of batch)
      out.push(`${e.relative}${e.kind === "directory" ? "/" : e.kind === "symlink" ? "@" : ""}`);
  return out.sort();
}

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

describe("walk", () => {
  describe("when nested ignore files hold rules and negations", () => {
    it("lists exactly what git ls-files lists", async () => {
      tree = await tempTree();
      const t = tree;
      await t.write("a/x.ts", "");
      await t.write("a/b/y.js", "");
      await t.write("a/b/keep.log", "");
      await t.write("a/b/z.log", "");
      await t.write("a/.gitignore", "*.log\n!keep.log\n");
      await t.write("sub/ignored/keep.ts", "");
      await t.write("sub/.gitignore", "ignored/\n!ignored/keep.ts\n");
      await t.write(".gitignore", "/node_modules\n");
      await t.write("node_modules/pkg/index.js", "");
      await t.write(".git-keep/x", "");
      await t.write("top.ts", "");
      git(t.root, ["init", "-q"]);
      await t.write(".git/info/exclude", "top.ts\n");
      expect(await listed(t.root, undefined, true)).toEqual(gitListed(t.root));
      expect(await listed(t.root)).toEqual(["a/b/keep.log", "a/b/y.js", "a/x.ts"]);
      expect(await listed(t.root, "sub", true)).toEqual(["sub/.gitignore"]);
    });
  });

  describe("when trees and rules are generated", () => {
    it("agrees with git on every tree", async () => {
      await fc.assert(
        fc.asyncProperty(
          ...ignoreTreeArbitraries({ maxFiles: 25, maxIgnoreFiles: 4, maxRules: 5 }),
          fc.array(fc.constantFrom(...RULES), { maxLength: 2 }),
          async (files, ignores, exclude) => {
            const t = await tempTree();
            try {
              await writeIgnoreTree(t, files, ignores);
              await t.write(".git/info/exclude", `${exclude.join("\n")}\n`);
              const all = gitListed(t.root);
              expect(await listed(t.root, undefined, true)).toEqual(all);
              const visible = all.filter((p) => !p.split("/").some((s) => s.startsWith(".")));
              expect(await listed(t.root)).toEqual(visible);
            } finally {
              await t.cleanup();
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  describe("when the tree holds symlinks, .git and hidden entries", () => {
    it("reports symlinks without following them and skips .git and hidden entries", async () => {
      tree = await tempTree();
      await tree.write("real/a.ts", "");
      await tree.write(".git/config", "");
      await tree.write(".hidden/h.ts", "");
      await tree.write(".env", "");
      await symlink(join(tree.root, "real"), join(tree.root, "linked"));
      await symlink(join(tree.root, "real", "a.ts"), join(tree.root, "file-link.ts"));
      expect(await listed(tree.root)).toEqual(["file-link.ts@", "linked@", "real/a.ts"]);
      expect(await listed(tree.root, undefined, true)).toEqual([
        ".env",
        ".hidden/h.ts",
        "file-link.ts@",
        "linked@",
        "real/a.ts",
      ]);
    });
  });

  describe("when a depth limit and directories are asked for", () => {
    it("lists directories and stops at the depth", async () => {
      tree = await tempTree();
      await tree.write("a/b/c/d.ts", "");
      await tree.write("a/x.ts", "");
      expect(await listed(tree.root, undefined, false, { maxDepth: 2, includeDirs: true })).toEqual([
        "a/",
        "a/b/",
        "a/x.ts",
      ]);
    });
  });

  describe("when the start lies in an ignored directory", () => {
    it("searches it when named explicitly and skips it when only a glob base reached it", async () => {
      tree = await tempTree();
      await tree.write(".gitignore", "vendor/\n");
      await tree.write("vendor/lib/x.ts", "");
      await mkdir(join(tree.root, "empty"));
      expect(await listed(tree.root, "vendor")).toEqual(["vendor/lib/x.ts"]);
      expect(await listed(tree.root, "vendor/lib", false, { explicit: "" })).toEqual([]);
      expect(await listed(tree.root, "missing/dir")).toEqual([]);
      expect(await listed(tree.root, "empty")).toEqual([]);
    });
  });
});
