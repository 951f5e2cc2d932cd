import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { RunLeaseError } from "@toolkit/loop";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SqliteRunStore } from "./sqlite-run-store.js";

// Each test starts Node processes (tsx): slow on a loaded machine, never timed.
vi.setConfig({ testTimeout: 120_000 });

// The scenario every RunStore is held to lives beside the loop's own tests.
const loopDir = dirname(createRequire(import.meta.url).resolve("@toolkit/loop/package.json"));
const { killAfterTurnThree } = (await import(join(loopDir, "src/durable/crash-scenario.ts"))) as {
  killAfterTurnThree: (store: { storeModule: string; storeArg: string }) => Promise<unknown>;
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "sqlite-run-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("SqliteRunStore", () => {
  describe("when the process running a run is killed after turn 3 of 5", () => {
    it("resumes it from turn 3 in another process without repeating the turn-3 calls", async () => {
      const path = join(dir, "runs.db");
      // It checks the resume itself: after turn 3, no turn-3 call again, the same turn-4 request.
      await killAfterTurnThree({
        storeModule: join(import.meta.dirname, "test-sqlite-store.ts"),
        storeArg: path,
      });
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const store = SqliteRunStore.open(path);
      try {
        expect((await store.load("run-1"))?.status).toBe("done");
      } finally {
        store.close();
      }
    });
  });

  describe("when two owners want one run", () => {
    it("refuses the second while the first holds a live lease, and a lost lease's save", async () => {
      const a = SqliteRunStore.open(join(dir, "runs.db"));
      const b = SqliteRunStore.open(join(dir, "runs.db"));
      try {
        const lease = await a.acquire("r1", { owner: "a", ttlMs: 60_000 });
        const error = await b.acquire("r1", { owner: "b", ttlMs: 60_000 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RunLeaseError);
        expect(error).toMatchObject({ runId: "r1", holder: "a" });
        const expired = await a.renew(lease, -1);
        await b.acquire("r1", { owner: "b", ttlMs: 60_000 });
        await expect(a.renew(expired, 1_000)).rejects.toThrow("run r1: the lease of a was lost to b");
        expect(await a.load("r1")).toBeUndefined();
        expect(await a.delete("r1")).toBe(false);
      } finally {
        a.close();
        b.close();
      }
    });
  });
});
