import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolProgress } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";

let dir: string;
const stores: MemoryStore[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "memory-import-progress-"));
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = (name: string) => {
  const store = MemoryStore.open(join(dir, name));
  stores.push(store);
  return store;
};

describe("MemoryStore.import", () => {
  describe("when given onProgress and 2,500 memories", () => {
    it("reports every 1,000 memories, then the indexing, before it returns", () => {
      const source = open("a.db");
      source.recordMany(
        Array.from({ length: 2500 }, (_, i) => ({
          kind: "call" as const,
          session: "s1",
          tool: "Grep",
          turn: 1,
          input: `{"pattern":"p${i}"}`,
          output: `found ${i}`,
        })),
      );
      const updates: ToolProgress[] = [];
      expect(open("b.db").import(source.export(), { onProgress: (u) => updates.push(u) })).toBe(2500);
      expect(updates).toEqual([
        { message: "imported 1000 of 2500 memories", progress: 1000, total: 2500 },
        { message: "imported 2000 of 2500 memories", progress: 2000, total: 2500 },
        { message: "indexing 2500 memories", progress: 2500, total: 2500 },
      ]);
    });
  });

  describe("when onProgress is not a function", () => {
    it("throws a TypeError naming it", () => {
      expect(() => open("c.db").import("", { onProgress: 3 as never })).toThrow(
        "MemoryStore.import: `onProgress` must be a function, got number",
      );
    });
  });
});
