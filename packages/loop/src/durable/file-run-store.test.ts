import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolRegistry } from "@toolkit/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveLoopOptions } from "../loop/loop-options.js";
import { sequentialIds } from "../runtime/id-gen.js";
import { openaiChat } from "../providers/openai-chat.js";
import { FileRunStore } from "./file-run-store.js";
import { newRunState } from "./new-run-state.js";
import { RunLeaseError } from "./run-store.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "file-run-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const state = (runId: string) =>
  newRunState(
    resolveLoopOptions({
      model: openaiChat({ baseUrl: "http://127.0.0.1:9/v1", model: "m", ids: sequentialIds() }),
      registry: new ToolRegistry(),
    }),
    { runId, sessionId: "s-1", task: [{ type: "text", text: "go" }] },
  );

describe("FileRunStore", () => {
  describe("when a run is saved and loaded", () => {
    it("round-trips the state in an owner-only file and leaves no temp files", async () => {
      const store = new FileRunStore({ dir: join(dir, "runs") });
      const lease = await store.acquire("r1", { owner: "a", ttlMs: 60_000 });
      await store.save(state("r1"), lease);
      expect(await store.load("r1")).toEqual(state("r1"));
      expect((await stat(join(dir, "runs", "r1.json"))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, "runs"))).mode & 0o777).toBe(0o700);
      expect((await readdir(join(dir, "runs"))).sort()).toEqual(["r1.json", "r1.lease"]);
      await store.release(lease);
      expect(await readdir(join(dir, "runs"))).toEqual(["r1.json"]);
      expect(await store.delete("r1")).toBe(true);
      expect(await store.load("r1")).toBeUndefined();
    });
  });

  describe("when another owner holds a live lease", () => {
    it("refuses acquire and a save with a lease that was taken over", async () => {
      const store = new FileRunStore({ dir });
      const a = await store.acquire("r1", { owner: "a", ttlMs: 60_000 });
      const error = await store.acquire("r1", { owner: "b", ttlMs: 60_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunLeaseError);
      expect(error).toMatchObject({ runId: "r1", holder: "a" });
      // An expired lease is taken over; the old holder's save is then refused.
      const short = await store.renew(a, -1);
      const b = await store.acquire("r1", { owner: "b", ttlMs: 60_000 });
      expect(b.owner).toBe("b");
      await expect(store.save(state("r1"), short)).rejects.toThrow(
        "run r1: the lease of a was lost to b (it expired and another process took the run)",
      );
    });
  });

  describe("when the file does not hold a valid state", () => {
    it("refuses it naming the field", async () => {
      const store = new FileRunStore({ dir });
      await writeFile(join(dir, "r1.json"), JSON.stringify({ ...state("r1"), turn: "3" }));
      await expect(store.load("r1")).rejects.toThrow("RunState: `turn`");
    });
  });

  describe("when the run id is not a safe name", () => {
    it.each(["../x", ".hidden", "", "a/b", "x".repeat(129)])("refuses %j", async (id) => {
      const store = new FileRunStore({ dir });
      await expect(store.load(id)).rejects.toThrow(/^RunStore: `runId` must be 1-128 characters/);
      await expect(store.acquire(id, { owner: "a", ttlMs: 1 })).rejects.toThrow(/^RunStore: `runId`/);
    });
  });
});
