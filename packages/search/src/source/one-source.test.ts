// One FileSource backs both families: what the fs tools write, the search tools find, with
// no disk in between (a MemoryFileSource) and on the disk (a LocalFileSource).
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createToolContext,
  type FileSource,
  LocalFileSource,
  MemoryFileSource,
  type Tool,
  Workspace,
} from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { describe, expect, it } from "vitest";
import { createSearchTools } from "../create-search-tools.js";
import { Grep } from "../grep/grep-tool.js";

const root = "/virtual/project";

function both(source: FileSource, at: string) {
  const workspace = new Workspace({ root: at });
  const ctx = createToolContext({ cwd: at, isNonInteractive: true });
  const [read, write, edit] = createFsTools({ source, workspace });
  const [glob, grep, codeSearch, tree] = createSearchTools({ source, workspace });
  const call = async (tool: Tool, input: Record<string, unknown>) => {
    const out = await tool.call(input, ctx);
    return out.textContent();
  };
  return { read, write, edit, glob, grep, codeSearch, tree, call };
}

describe("one FileSource behind the fs and the search tools", () => {
  describe("when the source is in memory", () => {
    it("finds what Write and Edit wrote, through Grep, Glob, CodeSearch and Tree", async () => {
      const source = new MemoryFileSource({ files: { [`${root}/src/a.ts`]: "export const a = 1;\n" } });
      const t = both(source, root);
      expect(
        await t.call(t.write, { file_path: "src/new.ts", content: "export function parseConfig() {}\n" }),
      ).toMatch(/src\/new\.ts/);
      expect(await t.call(t.grep, { pattern: "parseConfig" })).toBe("src/new.ts");
      expect(await t.call(t.grep, { pattern: "parse\\w+", output_mode: "content" })).toBe(
        "src/new.ts:1:export function parseConfig() {}",
      );
      expect(await t.call(t.glob, { pattern: "**/*.ts" })).toBe("src/a.ts\nsrc/new.ts");
      expect(await t.call(t.codeSearch, { query: "parseConfig", symbol: true })).toBe(
        'Found 1 definition for "parseConfig":\n\nsrc/new.ts\n  1: export function parseConfig() {}',
      );
      expect(await t.call(t.tree, {})).toBe(
        ".\n└── src/\n    ├── a.ts\n    └── new.ts\n\n1 directory, 2 files",
      );

      await t.call(t.read, { file_path: "src/a.ts" });
      await t.call(t.edit, { file_path: "src/a.ts", old_string: "a = 1", new_string: "a = 42" });
      expect(await t.call(t.grep, { pattern: "42", output_mode: "count" })).toBe("src/a.ts:1");
      expect(source.paths()).toEqual([`${root}/src/a.ts`, `${root}/src/new.ts`]);
    });

    it("honours a .gitignore that Write put there, and a file named as the search path", async () => {
      const source = new MemoryFileSource();
      const t = both(source, root);
      await t.call(t.write, { file_path: "keep.txt", content: "needle\n" });
      await t.call(t.write, { file_path: "build/out.txt", content: "needle\n" });
      expect(await t.call(t.grep, { pattern: "needle" })).toBe("build/out.txt\nkeep.txt");
      await t.call(t.write, { file_path: ".gitignore", content: "build/\n" });
      expect(await t.call(t.grep, { pattern: "needle" })).toBe("keep.txt");
      expect(await t.call(t.glob, { pattern: "**/*.txt" })).toBe("keep.txt");
      expect(await t.call(t.grep, { pattern: "needle", path: "build/out.txt" })).toBe("build/out.txt");
    });

    it("skips binary and oversized files read through the source, and says so", async () => {
      const source = new MemoryFileSource({
        files: {
          [`${root}/bin.dat`]: new Uint8Array([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0, 1]),
          [`${root}/big.txt`]: `needle\n${"x".repeat(2_000)}\n`,
        },
      });
      const grep = new Grep({ source, workspace: new Workspace({ root }), maxFileBytes: 1_000 });
      const out = await grep.call({ pattern: "needle" }, createToolContext({ cwd: root }));
      expect(out.textContent()).toBe(
        "No matches found for pattern: needle\n[Skipped 1 binary file and 1 file over 1000 bytes.]",
      );
    });

    it("never runs ripgrep on it: auto picks the JS engine, and ripgrep is refused when the tool is built", async () => {
      const source = new MemoryFileSource();
      expect((await new Grep({ source }).engineFor(root)).name).toBe("js");
      expect(() => new Grep({ source, engine: "ripgrep" })).toThrow(
        '`engine` "ripgrep" searches the local disk, but `source` is not a local FileSource',
      );
    });

    it("refuses a search path outside the workspace", async () => {
      const source = new MemoryFileSource({ files: { "/virtual/other/secret.txt": "needle\n" } });
      const t = both(source, root);
      expect(await t.call(t.grep, { pattern: "needle", path: "/virtual/other" })).toMatch(
        /^Permission denied: `path` "\/virtual\/other" is outside the workspace/,
      );
      expect(await t.call(t.glob, { pattern: "../other/*" })).toMatch(/^Permission denied/);
    });
  });

  describe("when the README's example runs", () => {
    it("answers as the README says", async () => {
      const source = new MemoryFileSource({ files: { "/project/.gitignore": "build/\n" } });
      const workspace = new Workspace({ root: "/project" });
      const [, write] = createFsTools({ source, workspace });
      const [glob, grep, codeSearch] = createSearchTools({ source, workspace });
      const ctx = createToolContext({ cwd: "/project" });
      await write.call({ file_path: "src/new.ts", content: "export function parseConfig() {}\n" }, ctx);
      await write.call({ file_path: "build/out.ts", content: "parseConfig();\n" }, ctx);
      expect((await grep.call({ pattern: "parseConfig" }, ctx)).textContent()).toBe("src/new.ts");
      expect((await glob.call({ pattern: "**/*.ts" }, ctx)).textContent()).toBe("src/new.ts");
      expect((await codeSearch.call({ query: "parseConfig", symbol: true }, ctx)).textContent()).toMatch(
        /^Found 1 definition for "parseConfig":/,
      );
    });
  });

  describe("when the source is the local disk", () => {
    it("finds what Write wrote, through ripgrep and the JS engine alike", async () => {
      const at = await realpath(await mkdtemp(join(tmpdir(), "toolkit-one-source-")));
      try {
        const source = new LocalFileSource({ fsync: false });
        const t = both(source, at);
        await t.call(t.write, { file_path: "src/new.ts", content: "const needle = 1;\n" });
        expect(await t.call(t.grep, { pattern: "needle" })).toBe("src/new.ts");
        const js = new Grep({ source, engine: "js" });
        expect((await js.call({ pattern: "needle" }, createToolContext({ cwd: at }))).textContent()).toBe(
          "src/new.ts",
        );
        expect(await t.call(t.glob, { pattern: "src/*" })).toBe("src/new.ts");
      } finally {
        await rm(at, { recursive: true, force: true });
      }
    });
  });
});
