import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Tool } from "@toolkit/core";
import { registryWith, runOne, type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListFiles } from "../loom/list-files.js";
import { ReadFile } from "../loom/read-file.js";
import { Read } from "../read/read.js";
import { FileViewer } from "../view/file-viewer.js";

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const TOOLS: ReadonlyArray<readonly [string, () => Tool, Record<string, unknown>]> = [
  ["Read", () => new Read(), { file_path: "a.txt" }],
  ["FileViewer", () => new FileViewer(), { path: "a.txt" }],
  ["read_file", () => new ReadFile(), { path: "a.txt" }],
  ["list_files", () => new ListFiles(), { path: "." }],
];

describe("fs tools through dispatch", () => {
  let ws: TempWorkspace;
  beforeAll(async () => {
    ws = await tempWorkspace("fs-unwalkable-");
    await writeFile(join(ws.root, "a.txt"), "one\n");
  });
  afterAll(() => ws.cleanup());

  describe.each(TOOLS)("when %s gets input that cannot be walked", (name, make, valid) => {
    it("refuses input nested 100,000 deep as InvalidInput, not a RangeError", async () => {
      const tool = make();
      const result = await runOne(
        registryWith(tool),
        [],
        { name, input: { ...valid, x: nested(100_000) } },
        { ctx: ws.ctx },
      );
      expect(result.output.textContent()).toMatch(
        /^Invalid input: the input is nested more than 256 levels deep, at `x\.a/,
      );
    });

    it("refuses a cycle as InvalidInput, naming it", async () => {
      const tool = make();
      const input: Record<string, unknown> = { ...valid };
      input.x = { back: input };
      const result = await runOne(registryWith(tool), [], { name, input }, { ctx: ws.ctx });
      expect(result.output.textContent()).toMatch(
        /^Invalid input: `x\.back` is the input itself again \(the input has a cycle\)/,
      );
    });

    it("refuses the same input on a direct call", async () => {
      const input: Record<string, unknown> = { ...valid, x: nested(300) };
      expect((await make().call(input, ws.ctx)).textContent()).toMatch(/nested more than 256 levels deep/);
    });
  });
});
