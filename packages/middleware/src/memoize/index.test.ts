import { registryWith, runOne } from "@toolkit/test-kit";
import { createToolContext, FnTool, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { memoize } from "./index.js";

/** Read-only `Read`/`Glob`/`Search` tools counting their runs, a `Write` and a `Shell` that are not. */
function world() {
  const runs = { Read: 0, Glob: 0, Search: 0 };
  const pathProps = { file_path: { type: "string" }, path: { type: "string" } };
  const read = new FnTool<{ file_path: string }>(
    "Read",
    "Reads.",
    { type: "object", properties: pathProps },
    (i) => `read ${i.file_path} #${++runs.Read}`,
  ).readOnly();
  const glob = new FnTool<{ pattern: string; path?: string }>(
    "Glob",
    "Globs.",
    { type: "object", properties: { pattern: { type: "string" }, path: { type: "string" } } },
    (i) => `glob ${i.pattern} #${++runs.Glob}`,
  ).readOnly();
  const search = new FnTool<{ query: string }>(
    "Search",
    "Web.",
    { type: "object", properties: { query: { type: "string" } } },
    (i) => (i.query === "fail" ? ToolOutput.errorText(`failed #${++runs.Search}`) : `web #${++runs.Search}`),
  ).readOnly();
  const write = new FnTool("Write", "Writes.", { type: "object", properties: pathProps }, () => "written");
  const shell = new FnTool(
    "Shell",
    "Runs.",
    { type: "object", properties: { command: { type: "string" } } },
    () => "ran",
  );
  return { registry: registryWith(read, glob, search, write, shell), runs };
}

const ctx = createToolContext({ cwd: "/repo" });

describe("memoize", () => {
  describe("when a read-only call repeats", () => {
    it("answers from memory, marks the hit, and ignores key order", async () => {
      const { registry, runs } = world();
      const layer = [memoize()];
      const first = await runOne(
        registry,
        layer,
        { name: "Read", input: { file_path: "a.ts", path: "x" } },
        { ctx },
      );
      const again = await runOne(
        registry,
        layer,
        { name: "Read", input: { path: "x", file_path: "a.ts" } },
        { ctx },
      );
      expect(first.output.textContent()).toBe("read a.ts #1");
      expect(first.output.meta.memoized).toBeUndefined();
      expect(again.output.textContent()).toBe("read a.ts #1");
      expect(again.output.meta.memoized).toBe(true);
      expect(runs.Read).toBe(1);
    });

    it("runs again once the entry is ttlTurns old", async () => {
      const { registry, runs } = world();
      const layer = [memoize({ ttlTurns: 2 })];
      const call = { name: "Read", input: { file_path: "a.ts" } };
      await runOne(registry, layer, call, { ctx, turn: 1 });
      expect((await runOne(registry, layer, call, { ctx, turn: 2 })).output.meta.memoized).toBe(true);
      expect((await runOne(registry, layer, call, { ctx, turn: 3 })).output.textContent()).toBe(
        "read a.ts #2",
      );
      expect(runs.Read).toBe(2);
    });
  });

  describe("when another tool writes", () => {
    it.each([
      ["the same file", { file_path: "src/a.ts" }, true],
      ["the same file by absolute path", { file_path: "/repo/src/a.ts" }, true],
      ["a directory holding it", { path: "src" }, true],
      ["a different file", { file_path: "src/b.ts" }, false],
      ["a sibling with a common prefix", { file_path: "src/a.tsx" }, false],
    ])("evicts a read entry for a write to %s: %s", async (_label, writeInput, evicted) => {
      const { registry, runs } = world();
      const layer = [memoize()];
      const read = { name: "Read", input: { file_path: "src/a.ts" } };
      await runOne(registry, layer, read, { ctx });
      await runOne(registry, layer, { name: "Write", input: writeInput }, { ctx });
      await runOne(registry, layer, read, { ctx });
      expect(runs.Read).toBe(evicted ? 2 : 1);
    });

    it("evicts a directory listing when a file under it is written", async () => {
      const { registry, runs } = world();
      const layer = [memoize()];
      const glob = { name: "Glob", input: { pattern: "**/*.ts" } };
      await runOne(registry, layer, glob, { ctx });
      await runOne(registry, layer, { name: "Write", input: { file_path: "deep/x.ts" } }, { ctx });
      await runOne(registry, layer, glob, { ctx });
      expect(runs.Glob).toBe(2);
    });

    it("evicts everything for a tool with no path fields, unless invalidateOn says otherwise", async () => {
      const { registry, runs } = world();
      const plain = [memoize()];
      await runOne(registry, plain, { name: "Search", input: { query: "q" } }, { ctx });
      await runOne(registry, plain, { name: "Shell", input: { command: "touch x" } }, { ctx });
      await runOne(registry, plain, { name: "Search", input: { query: "q" } }, { ctx });
      expect(runs.Search).toBe(2);

      const custom = [memoize({ invalidateOn: (c) => (c.name === "Shell" ? ["build"] : undefined) })];
      await runOne(registry, custom, { name: "Search", input: { query: "q" } }, { ctx });
      await runOne(registry, custom, { name: "Shell", input: { command: "make" } }, { ctx });
      await runOne(registry, custom, { name: "Search", input: { query: "q" } }, { ctx });
      expect(runs.Search).toBe(3);
    });
  });

  describe("when a call fails or will not run", () => {
    it("never caches an error answer", async () => {
      const { registry, runs } = world();
      const layer = [memoize()];
      await runOne(registry, layer, { name: "Search", input: { query: "fail" } }, { ctx });
      const r = await runOne(registry, layer, { name: "Search", input: { query: "fail" } }, { ctx });
      expect(r.output.textContent()).toBe("failed #2");
      expect(runs.Search).toBe(2);
    });

    it("passes rejected calls through without caching them", async () => {
      const { registry } = world();
      const layer = [memoize()];
      const r = await runOne(registry, layer, { name: "Read", input: { file_path: 3 } }, { ctx });
      expect(r.output.textContent()).toMatch(/^Invalid input: `file_path` must be string/);
      const r2 = await runOne(registry, layer, { name: "Read", input: { file_path: 3 } }, { ctx });
      expect(r2.output.meta.memoized).toBeUndefined();
    });
  });

  describe("when a tool is not read-only or not listed", () => {
    it("never memoizes it", async () => {
      const { registry, runs } = world();
      const layer = [memoize({ tools: ["Glob"] })];
      await runOne(registry, layer, { name: "Read", input: { file_path: "a" } }, { ctx });
      await runOne(registry, layer, { name: "Read", input: { file_path: "a" } }, { ctx });
      expect(runs.Read).toBe(2);
      const w = await runOne(registry, layer, { name: "Write", input: { file_path: "a" } }, { ctx });
      expect(w.output.meta.memoized).toBeUndefined();
    });
  });

  describe("when the cache is full", () => {
    it("drops the least recently used entry", async () => {
      const { registry, runs } = world();
      const layer = [memoize({ maxEntries: 2 })];
      const read = (f: string) => runOne(registry, layer, { name: "Read", input: { file_path: f } }, { ctx });
      await read("a");
      await read("b");
      await read("a");
      await read("c");
      expect(runs.Read).toBe(3);
      await read("a");
      expect(runs.Read).toBe(3);
      await read("b");
      expect(runs.Read).toBe(4);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ ttlTurns: 0 }, "memoize: `ttlTurns` must be an integer >= 1, got 0"],
      [{ maxEntries: 1.5 }, "memoize: `maxEntries` must be an integer >= 1, got 1.5"],
      [{ tools: "Read" }, 'memoize: `tools` must be an array of tool names, got "Read"'],
      [{ invalidateOn: ["a"] }, "memoize: `invalidateOn` must be a function, got an array"],
    ])("throws a TypeError naming the option (%j)", (options, message) => {
      expect(() => memoize(options as never)).toThrow(new TypeError(message));
    });
  });
});
