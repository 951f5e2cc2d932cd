import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";

const tsx = createRequire(import.meta.url).resolve("tsx");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function writer(path: string, tag: string, count: number): Promise<number | null> {
  const child = spawn(
    process.execPath,
    ["--import", tsx, join(import.meta.dirname, "test-writer.ts"), path, tag, String(count)],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
}

describe("MemoryStore across processes", () => {
  it("loses nothing when two processes write the same file at once", async () => {
    dir = mkdtempSync(join(tmpdir(), "memory-procs-"));
    const path = join(dir, "shared.db");
    MemoryStore.open(path).close();
    const perWriter = 300;
    expect(await Promise.all([writer(path, "alpha", perWriter), writer(path, "beta", perWriter)])).toEqual([
      0, 0,
    ]);
    const store = MemoryStore.open(path);
    try {
      expect(store.count()).toBe(2 * perWriter);
      const lines = [...store.exportLines()].map((l) => JSON.parse(l) as { session: string; input: string });
      for (const tag of ["alpha", "beta"]) {
        const mine = lines.filter((l) => l.session === tag).map((l) => JSON.parse(l.input).i as number);
        expect(new Set(mine).size).toBe(perWriter);
      }
      expect((await store.search({ query: "beta", session: "beta", limit: 50 })).length).toBe(50);
    } finally {
      store.close();
    }
  });
});
