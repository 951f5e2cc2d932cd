import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolProgress } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodeSearch } from "../code-search/code-search-tool.js";
import { Glob } from "../glob/glob-tool.js";
import { Grep } from "../grep/grep-tool.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "search-progress-"));
  for (let d = 0; d < 25; d++) {
    const dir = join(root, `d${d}`);
    await mkdir(dir);
    await Promise.all(
      Array.from({ length: 100 }, (_, f) => writeFile(join(dir, `f${f}.ts`), `export const v${f} = ${d};\n`)),
    );
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

const run = async (tool: Glob | Grep | CodeSearch, input: Record<string, unknown>) => {
  const updates: ToolProgress[] = [];
  const out = await tool.call(input, createToolContext({ cwd: root, onProgress: (u) => updates.push(u) }));
  return { out, updates };
};

describe("files scanned progress", () => {
  describe.each([
    ["Glob", () => new Glob(), { pattern: "**/*.ts" }],
    [
      "Grep (JS engine)",
      () => new Grep({ engine: "js" }),
      { pattern: "v99", output_mode: "files_with_matches" },
    ],
    ["CodeSearch (JS engine)", () => new CodeSearch({ engine: "js" }), { query: "v7" }],
  ] as const)("when %s walks a tree of 2,500 files", (_name, make, input) => {
    it("reports `scanned N files` at each 1,000 files", async () => {
      const { out, updates } = await run(make(), input);
      expect(out.isError).toBe(false);
      expect(updates).toEqual([
        { message: "scanned 1,000 files", progress: expect.any(Number) },
        { message: "scanned 2,000 files", progress: expect.any(Number) },
      ]);
    });
  });

  describe("when the tree is small", () => {
    it("reports nothing", async () => {
      const { updates } = await run(new Glob(), { pattern: "d0/*.ts" });
      expect(updates).toEqual([]);
    });
  });
});
