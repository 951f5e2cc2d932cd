import { link, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FileSource, LocalFileSource, type Tool, type ToolContext } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { createLoomTools } from "@toolkit/fs/loom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchTools } from "../create-search-tools.js";
import { contextFor } from "../testing/context.js";

// The workspace and the folder outside it lie under one temp dir: one filesystem, so a hard link works.
let base: string;
let ctx: ToolContext;
const SECRET = "OUTSIDE-SECRET-4711";
beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-search-links-")));
  const root = join(base, "ws");
  await mkdir(join(base, "outside"));
  await mkdir(join(root, "src"), { recursive: true });
  await writeFile(join(base, "outside", "secret.ts"), `export const token = "${SECRET}";\n`);
  await link(join(base, "outside", "secret.ts"), join(root, "src", "twin.ts"));
  await writeFile(join(root, "src", "own.ts"), 'export const token = "inside";\n');
  ctx = contextFor(root, { tempDir: join(base, "tmp") });
});
afterAll(async () => {
  await ctx.dispose();
  await rm(base, { recursive: true, force: true });
});

/** A local source the tools may not hand to ripgrep or workers: every read goes through it. */
function throughSource(): FileSource {
  const disk = new LocalFileSource();
  return {
    resolve: (w, p, f) => disk.resolve(w, p, f),
    realRoot: (w) => disk.realRoot(w),
    stat: (p, o) => disk.stat(p, o),
    open: (p, o) => disk.open(p, o),
    read: (p, o) => disk.read(p, o),
    readChunks: (p, o) => disk.readChunks(p, o),
    list: (p, o) => disk.list(p, o),
    writeFile: (p, d, o) => disk.writeFile(p, d, o),
    rename: (f, t, o) => disk.rename(f, t, o),
  };
}

const ENGINES = [
  ["ripgrep", { grep: { engine: "ripgrep" as const } }],
  ["the JS engine", { grep: { engine: "js" as const } }],
  ["the JS engine through a source", { source: throughSource() }],
] as const;

const GREP_CALLS: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["files_with_matches", { pattern: "token" }],
  ["content", { pattern: "token", output_mode: "content" }],
  ["content, one page", { pattern: "token", output_mode: "content", head_limit: 1 }],
  ["content with context", { pattern: "token", output_mode: "content", context: 2 }],
  ["count", { pattern: "token", output_mode: "count" }],
  ["multiline content", { pattern: "token =", output_mode: "content", multiline: true }],
  ["a glob", { pattern: "OUTSIDE", glob: "*.ts", output_mode: "content" }],
  ["the file named as path", { pattern: "OUTSIDE", path: "src/twin.ts", output_mode: "content" }],
  ["part of the secret", { pattern: "SECRET-4[0-9]+", output_mode: "count" }],
];

function shows(tool: Tool, input: Record<string, unknown>): Promise<string> {
  return tool.call(input, ctx).then((out) => out.textContent());
}

describe("hard-linked files", () => {
  describe("when a file in the workspace is a hard link to a file outside", () => {
    describe.each(ENGINES)("Grep with %s", (_, options) => {
      it.each(GREP_CALLS)("never shows it (%s)", async (_mode, input) => {
        const [, grep] = createSearchTools({
          ...options,
          ...("grep" in options ? {} : { grep: { engine: "js" } }),
        });
        const text = await shows(grep, input);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain("twin.ts:");
        expect(text).not.toMatch(/^src\/twin\.ts$/m);
        expect(text).toContain("[Left out 1 file with more than one hard link");
      });
    });
    it.each(ENGINES)("CodeSearch with %s never shows it", async (_, options) => {
      const [, , codeSearch] = createSearchTools(options);
      for (const input of [{ query: "token" }, { query: "token", symbol: true }, { query: "SECRET-47" }]) {
        const text = await shows(codeSearch, input);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain("twin.ts");
      }
    });
    it.each([
      ["Read", { file_path: "src/twin.ts" }],
      ["FileViewer", { file_path: "src/twin.ts" }],
      ["read_file", { path: "src/twin.ts" }],
    ])("%s refuses it", async (name, input) => {
      const tool = [...createFsTools(), ...createLoomTools()].find((t) => t.name === name);
      if (tool === undefined) throw new Error(`no tool ${name}`);
      const text = await shows(tool, input);
      expect(text).not.toContain(SECRET);
      expect(text).toContain("src/twin.ts has 2 hard links");
    });
    it("Grep still shows the files with one name", async () => {
      const [, grep] = createSearchTools();
      expect(await shows(grep, { pattern: "inside", output_mode: "content" })).toBe(
        'src/own.ts:1:export const token = "inside";',
      );
    });
  });
  describe("when the host allows hard links", () => {
    it("Grep and CodeSearch show them", async () => {
      const [, grep, codeSearch] = createSearchTools({ hardLinks: "allow" });
      expect(await shows(grep, { pattern: SECRET, output_mode: "content" })).toBe(
        `src/twin.ts:1:export const token = "${SECRET}";`,
      );
      expect(await shows(codeSearch, { query: SECRET })).toContain(SECRET);
    });
    it("refuses an unknown hardLinks value at construction", () => {
      expect(() => createSearchTools({ hardLinks: "maybe" as "allow" })).toThrow(
        '`hardLinks` must be "refuse" or "allow", got "maybe"',
      );
    });
  });
});
