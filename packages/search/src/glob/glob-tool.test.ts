import { mkdir, rm, symlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { git, gitListed, type TempTree, tempTree } from "../testing/temp-tree.js";
import { Glob } from "./glob-tool.js";

let tree: TempTree;
const glob = new Glob();
const call = async (input: Record<string, unknown>, tool = glob) => {
  const out = await tool.call(input, contextFor(tree.root));
  return { text: out.textContent(), isError: out.isError, out };
};

beforeAll(async () => {
  tree = await tempTree();
  await tree.write(".gitignore", "node_modules/\n*.gen.ts\n");
  await tree.write("src/.gitignore", "generated/*\n!generated/keep.ts\n");
  await tree.write("src/a.ts", "");
  await tree.write("src/b.tsx", "");
  await tree.write("src/x.gen.ts", "");
  await tree.write("src/generated/drop.ts", "");
  await tree.write("src/generated/keep.ts", "");
  await tree.write("src/deep/er/c.ts", "");
  await tree.write("node_modules/pkg/index.ts", "");
  await tree.write(".github/workflows/ci.yml", "");
  await tree.write(".github/setup.ts", "");
  await tree.write("root.ts", "");
  await tree.write("README.md", "");
  git(tree.root, ["init", "-q"]);
});

afterAll(() => tree.cleanup());

describe("Glob", () => {
  describe("when the pattern matches files", () => {
    it("lists exactly what git lists for the pattern, sorted by path", async () => {
      const { text, out } = await call({ pattern: "**/*.ts" });
      const expected = gitListed(tree.root).filter((p) => p.endsWith(".ts") && !p.startsWith("."));
      expect(text.split("\n")).toEqual(expected);
      expect(text).toBe("root.ts\nsrc/a.ts\nsrc/deep/er/c.ts\nsrc/generated/keep.ts");
      expect(out.retention).toBe("requery");
    });

    it("matches relative to path, and keeps paths relative to the workspace", async () => {
      expect((await call({ pattern: "*.ts", path: "src" })).text).toBe("src/a.ts");
      expect((await call({ pattern: "src/*.{ts,tsx}" })).text).toBe("src/a.ts\nsrc/b.tsx");
      expect((await call({ pattern: `${tree.root}/src/deep/**/*.ts` })).text).toBe("src/deep/er/c.ts");
    });

    it("includes hidden entries only when the pattern names them", async () => {
      expect((await call({ pattern: "**/*.yml" })).text).toBe("No files found matching pattern: **/*.yml");
      expect((await call({ pattern: ".github/**/*.yml" })).text).toBe(".github/workflows/ci.yml");
      expect((await call({ pattern: ".github/*" })).text).toBe(".github/setup.ts");
    });

    it("sorts by mtime, newest first", async () => {
      await utimes(join(tree.root, "src/a.ts"), 1000, 1000);
      await utimes(join(tree.root, "root.ts"), 3000, 3000);
      await utimes(join(tree.root, "src/deep/er/c.ts"), 2000, 2000);
      await utimes(join(tree.root, "src/generated/keep.ts"), 500, 500);
      expect((await call({ pattern: "**/*.ts", sort: "mtime" })).text).toBe(
        "root.ts\nsrc/deep/er/c.ts\nsrc/a.ts\nsrc/generated/keep.ts",
      );
    });

    it("stops at limit with a note", async () => {
      expect((await call({ pattern: "**/*.ts", limit: 2 })).text).toBe(
        "root.ts\nsrc/a.ts\n(Showing the first 2 of 4 files; narrow the pattern or raise `limit`.)",
      );
    });
  });

  describe("when nothing matches", () => {
    it("says so without an error", async () => {
      const { text, isError } = await call({ pattern: "**/*.rs" });
      expect(isError).toBe(false);
      expect(text).toBe("No files found matching pattern: **/*.rs");
    });
  });

  describe("when the pattern or path is bad", () => {
    it.each([
      ["src/[ab.ts", 'Invalid input: `pattern` "src/[ab.ts" is not a valid glob: unbalanced "[]".'],
      ["src/{a,b.ts", 'Invalid input: `pattern` "src/{a,b.ts" is not a valid glob: unbalanced "{}".'],
      ["", 'Invalid input: `pattern` must be a non-empty glob, got ""'],
    ])("refuses %j as InvalidInput", async (pattern, message) => {
      const { text, isError } = await call({ pattern });
      expect(isError).toBe(true);
      expect(text.startsWith(message)).toBe(true);
    });

    it.each([["../**/*.ts"], ["/etc/*"]])("refuses the escape %s", async (pattern) => {
      const { text, isError } = await call({ pattern });
      expect(isError).toBe(true);
      expect(text).toMatch(/^Permission denied: `pattern` /);
    });

    it.each([["etclink/*"], ["etclink/**"], ["etclink/sub/*.txt"], ["src/etclink/*"]])(
      "refuses %s, whose static part leads out through a symlink, as Grep refuses such a path",
      async (pattern) => {
        const outside = await tempTree("toolkit-outside-");
        try {
          await outside.write("secret.txt", "s");
          await outside.write("sub/deeper.txt", "d");
          await symlink(outside.root, join(tree.root, "etclink"));
          await symlink(outside.root, join(tree.root, "src/etclink"));
          const { text, isError } = await call({ pattern });
          expect(isError).toBe(true);
          expect(text).toMatch(/^Permission denied: `pattern` /);
          expect(text).toContain("resolves through a symlink");
          expect(text).not.toContain("secret.txt");
        } finally {
          await rm(join(tree.root, "etclink"));
          await rm(join(tree.root, "src/etclink"));
          await outside.cleanup();
        }
      },
    );

    it("never lists through a symlinked directory anywhere in a pattern", async () => {
      const outside = await tempTree("toolkit-outside-");
      try {
        await outside.write("secret.txt", "s");
        await mkdir(join(tree.root, "links/inner"), { recursive: true });
        await symlink(outside.root, join(tree.root, "links/inner/out"));
        await symlink(join(tree.root, "src"), join(tree.root, "links/in"));
        for (const pattern of [
          "**/*",
          "**/secret.txt",
          "*/*/*/*",
          "links/*/*/*",
          "links/**",
          "**/in/*.ts",
          "links/in/*.ts",
        ]) {
          const { text } = await call({ pattern });
          expect(text, pattern).not.toContain("out/secret.txt");
          expect(text, pattern).not.toContain("links/in/a.ts");
        }
        // The links themselves are entries of the workspace and may be listed by name.
        expect((await call({ pattern: "links/inner/*" })).text).toBe("links/inner/out");
      } finally {
        await rm(join(tree.root, "links"), { recursive: true });
        await outside.cleanup();
      }
    });

    it("refuses a path outside the workspace", async () => {
      expect((await call({ pattern: "*", path: "../.." })).text).toMatch(
        /^Permission denied: `path` "\.\.\/\.\." is outside/,
      );
    });
  });

  describe("when the listing passes 50 KiB", () => {
    it("spills it to a file in ctx.tempDir and replies with a preview", async () => {
      const t = await tempTree();
      try {
        const name = "n".repeat(60);
        for (let i = 0; i < 900; i++) await t.write(`d${i % 30}/${name}${i}.txt`, "");
        const ctx = contextFor(t.root, { tempDir: join(t.root, ".session") });
        const text = (await glob.call({ pattern: "**/*.txt" }, ctx)).textContent();
        expect(text).toMatch(
          /\[Output is \d+(\.\d)? KiB, over the 50 KiB reply limit\. The full output was saved to /,
        );
        expect(text).toContain(join(t.root, ".session", "glob-"));
      } finally {
        await t.cleanup();
      }
    });
  });
});
