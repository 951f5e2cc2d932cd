import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { FnTool, type Tool } from "@toolkit/core";
import { FileViewer, Read } from "@toolkit/fs";
import { ListFiles, ReadFile } from "@toolkit/fs/loom";
import { registryWith, runOne, type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoize } from "./index.js";

/** [tool, first call, second call]: calls that differ only under a `__proto__` key, as parsed JSON. */
const PAIRS: ReadonlyArray<readonly [string, () => Tool, string, string]> = [
  ["read_file", () => new ReadFile(), '{"__proto__":{"path":"a.txt"}}', '{"__proto__":{"path":"b.txt"}}'],
  ["Read", () => new Read(), '{"file_path":"a.txt"}', '{"__proto__":{"limit":1},"file_path":"a.txt"}'],
  [
    "FileViewer",
    () => new FileViewer(),
    '{"file_path":"a.txt"}',
    '{"__proto__":{"page":2},"file_path":"a.txt"}',
  ],
  ["list_files", () => new ListFiles(), "{}", '{"__proto__":{"path":"sub"}}'],
];

describe("memoize", () => {
  let ws: TempWorkspace;
  beforeAll(async () => {
    ws = await tempWorkspace("memoize-proto-");
    await writeFile(join(ws.root, "a.txt"), "a one\na two\n");
    await writeFile(join(ws.root, "b.txt"), "b one\n");
    await mkdir(join(ws.root, "sub"));
    await writeFile(join(ws.root, "sub", "c.txt"), "c\n");
  });
  afterAll(() => ws.cleanup());

  describe.each(PAIRS)("when two %s calls differ only under `__proto__`", (name, make, first, second) => {
    it("never answers the second from the first, and refuses the `__proto__` field", async () => {
      const registry = registryWith(make());
      const layers = [memoize()];
      const one = await runOne(registry, layers, { name, input: JSON.parse(first) }, { ctx: ws.ctx });
      const two = await runOne(registry, layers, { name, input: JSON.parse(second) }, { ctx: ws.ctx });
      expect(two.output.meta.memoized).toBeUndefined();
      expect(two.output.textContent()).toMatch(/^Invalid input: `__proto__` is not accepted as a field/);
      if (first.includes("__proto__"))
        expect(one.output.textContent()).toMatch(/^Invalid input: `__proto__`/);
      else expect(one.output.isError).toBe(false);
    });
  });

  describe("when a tool's own normalizeInput turns `__proto__` into the prototype", () => {
    it("keys on what the tool runs with, so neither call answers the other", async () => {
      const tool = Object.assign(
        new FnTool<{ q?: string }>(
          "Lookup",
          "Looks up.",
          { type: "object" },
          (input) => `looked up ${input.q}`,
        ).readOnly(),
        // Object.assign sets an own `__proto__` key as the prototype: `q` is then read through it.
        { normalizeInput: (input: unknown) => Object.assign({}, input) },
      );
      const registry = registryWith(tool);
      const layers = [memoize()];
      const answer = async (json: string) =>
        (await runOne(registry, layers, { name: "Lookup", input: JSON.parse(json) }, { ctx: ws.ctx })).output;
      expect((await answer('{"__proto__":{"q":"a"}}')).textContent()).toBe("looked up a");
      const b = await answer('{"__proto__":{"q":"b"}}');
      expect(b.textContent()).toBe("looked up b");
      expect(b.meta.memoized).toBeUndefined();
    });
  });
});
