import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { findInNodeModules } from "../server/find-command.js";
import { THREE_FILES, useLspProject } from "../testing/test-projects.js";
import { createLspTools } from "./create-lsp-tools.js";
import { createFsTools } from "@toolkit/fs";

const fixture = useLspProject(THREE_FILES);

function session() {
  const call = fixture.session(createLspTools(fixture.lsp()));
  return async (name: string, input: unknown) => {
    const output = await call(name, input);
    return { text: output.textContent(), isError: output.isError };
  };
}

// Real servers start cold on a loaded machine: more time than the shared 30 s.
describe("createLspTools", { timeout: 90_000 }, () => {
  describe("Definition", () => {
    it("finds the definition from a 1-based position in an importer", async () => {
      const run = session();
      expect(await run("Definition", { path: "src/c.ts", line: 4, column: 20 })).toEqual({
        text: "src/a.ts:1:17: export function add(a: number, b: number): number {",
        isError: false,
      });
    });

    it("finds it by symbol name", async () => {
      const run = session();
      const out = await run("Definition", { path: "src/b.ts", symbol: "add" });
      expect(out.text).toBe("src/a.ts:1:17: export function add(a: number, b: number): number {");
    });
  });

  describe("References", () => {
    it("lists the uses across the three files", async () => {
      const run = session();
      const out = await run("References", { path: "src/a.ts", symbol: "add" });
      expect(out.text).toBe(
        [
          "5 references:",
          "src/a.ts:1:17: export function add(a: number, b: number): number {",
          'src/b.ts:1:10: import { add } from "./a.js";',
          "src/b.ts:3:22: export const three = add(1, 2);",
          'src/c.ts:1:10: import { add } from "./a.js";',
          "src/c.ts:4:20: export const six = add(three, three);",
        ].join("\n"),
      );
    });
  });

  describe("Hover", () => {
    it("shows the signature", async () => {
      const run = session();
      const out = await run("Hover", { path: "src/b.ts", line: 3, column: 22 });
      expect(out.text).toBe("```typescript\n(alias) add(a: number, b: number): number\nimport add\n```");
    });
  });

  describe("Symbols", () => {
    it("finds a workspace symbol by exact name, and outlines a file", async () => {
      const run = session();
      expect((await run("Symbols", { query: "three" })).text.split("\n")[0]).toBe(
        "three constant src/b.ts:3:14",
      );
      expect((await run("Symbols", { path: "src/c.ts" })).text).toBe("six constant 4:14");
    });
  });

  describe("Diagnostics", () => {
    it("reports a clean project", async () => {
      const run = session();
      expect(await run("Diagnostics", {})).toEqual({ text: "No errors or warnings.", isError: false });
    });
  });

  describe("Rename", () => {
    it("renames across files and the project still type-checks", async () => {
      const run = session();
      const out = await run("Rename", { path: "src/b.ts", symbol: "add", newName: "sum" });
      expect(out).toEqual({
        text: [
          "Renamed to sum: 5 edits in 3 files.",
          "M src/a.ts (1 edit)",
          "M src/b.ts (2 edits)",
          "M src/c.ts (2 edits)",
        ].join("\n"),
        isError: false,
      });
      expect(await readFile(join(fixture.project().root, "src/b.ts"), "utf8")).toBe(
        'import { sum } from "./a.js";\n\nexport const three = sum(1, 2);\n',
      );
      const tsc = findInNodeModules([fixture.project().root], ".bin/tsc") as string;
      await expect(
        promisify(execFile)(tsc, ["--noEmit", "-p", join(fixture.project().root, "tsconfig.json")]),
      ).resolves.toBeDefined();
      expect(await run("Diagnostics", {})).toEqual({ text: "No errors or warnings.", isError: false });
    });

    it("refuses a file this session read that changed since, and writes nothing", async () => {
      const call = fixture.session([...createLspTools(fixture.lsp()), ...createFsTools()]);
      await call("Read", { file_path: "src/c.ts" });
      const c = join(fixture.project().root, "src/c.ts");
      const b = join(fixture.project().root, "src/b.ts");
      await writeFile(c, `${await readFile(c, "utf8")}// edited elsewhere\n`);
      const bBefore = await readFile(b, "utf8");
      const out = await call("Rename", { path: "src/b.ts", symbol: "three", newName: "trio" });
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain(
        "src/c.ts has changed since it was last read (another process or an editor wrote to it); nothing was written",
      );
      expect(await readFile(b, "utf8")).toBe(bBefore);
    });

    it("refuses a new name that is not an identifier", async () => {
      const run = session();
      const out = await run("Rename", { path: "src/b.ts", symbol: "three", newName: "a b" });
      expect(out.isError).toBe(true);
      expect(out.text).toContain('`newName` must be an identifier; got "a b"');
    });
  });
});
