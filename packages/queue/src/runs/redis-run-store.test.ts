import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { RunLeaseError } from "@toolkit/loop";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisTestsEnabled, startRedis, type TestRedis } from "../testing/test-redis.js";
import { RedisRunStore } from "./redis-run-store.js";

// Each test starts Node processes (tsx): slow on a loaded machine, never timed.
vi.setConfig({ testTimeout: 120_000 });

describe.runIf(redisTestsEnabled())("RedisRunStore", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  describe("when the process running a run is killed after turn 3 of 5", () => {
    it("resumes it from turn 3 in another process without repeating the turn-3 calls", async () => {
      // The scenario every RunStore is held to lives beside the loop's own tests.
      const loopDir = dirname(createRequire(import.meta.url).resolve("@toolkit/loop/package.json"));
      const { killAfterTurnThree } = (await import(join(loopDir, "src/durable/crash-scenario.ts"))) as {
        killAfterTurnThree: (store: { storeModule: string; storeArg: string }) => Promise<unknown>;
      };
      // It checks the resume itself: after turn 3, no turn-3 call again, the same turn-4 request.
      await killAfterTurnThree({
        storeModule: join(import.meta.dirname, "test-redis-store.ts"),
        storeArg: String(redis.port),
      });
      const store = new RedisRunStore({ connection: redis.connection });
      try {
        expect((await store.load("run-1"))?.status).toBe("done");
        expect(await store.delete("run-1")).toBe(true);
      } finally {
        await store.close();
      }
    });
  });

  describe("when two owners want one run", () => {
    it("refuses the second while the first holds a live lease, and a lost lease's renewal", async () => {
      const a = new RedisRunStore({ connection: redis.connection, prefix: "t2" });
      const b = new RedisRunStore({ connection: redis.connection, prefix: "t2" });
      try {
        const lease = await a.acquire("r1", { owner: "a", ttlMs: 60_000 });
        const error = await b.acquire("r1", { owner: "b", ttlMs: 60_000 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RunLeaseError);
        expect(error).toMatchObject({ runId: "r1", holder: "a" });
        await a.release(lease);
        await b.acquire("r1", { owner: "b", ttlMs: 60_000 });
        await expect(a.renew(lease, 1_000)).rejects.toThrow("run r1: the lease of a was lost to b");
        expect(await a.load("r1")).toBeUndefined();
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
