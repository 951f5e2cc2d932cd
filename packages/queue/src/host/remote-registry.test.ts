import { createToolContext } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisTestsEnabled, TEST_SECRET } from "../testing/test-redis.js";
import { type QueueFixture, queueFixture, waitFor } from "../testing/test-setup.js";
import { type RemoteRegistry, remoteRegistry } from "./remote-registry.js";
import { remoteTools } from "./remote-tools.js";

describe.runIf(redisTestsEnabled())("remoteRegistry", () => {
  let fx: QueueFixture;
  let registry: RemoteRegistry;

  beforeAll(async () => {
    fx = await queueFixture();
    registry = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue: "mixed" });
  });
  afterAll(async () => {
    await registry?.close();
    await fx?.close();
  });

  describe("when two workers advertise different tools", () => {
    it("lists both sets, runs each call on the worker that has the tool, and drops a set when its worker stops", async () => {
      expect(registry.toolNames()).toEqual([]);
      const alpha = await fx.startWorker({ queue: "mixed", tools: ["alpha"] });
      const beta = await fx.startWorker({ queue: "mixed", tools: ["beta"] });
      await waitFor(() => registry.toolNames().join() === "Alpha,Beta", "both surfaces");
      expect(registry.get("Alpha")?.isIdempotent?.()).toBe(true);
      expect(registry.get("Beta")?.isIdempotent?.()).toBe(false);

      const remote = remoteTools({ connection: fx.redis.connection, secret: TEST_SECRET, queue: "mixed" });
      const ctx = createToolContext({ sessionId: "mixed-1" });
      const results = await dispatch(
        registry,
        Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, name: i % 2 ? "Beta" : "Alpha", input: {} })),
        { middleware: [remote], ctx, mode: "parallel" },
      );
      for (const [i, r] of results.entries()) {
        expect(r.output.textContent()).toBe(i % 2 ? `beta ${beta.child.pid}` : `alpha ${alpha.child.pid}`);
      }
      // A tool's own call() goes through the queue too.
      const direct = await registry.get("Alpha")?.call({}, ctx);
      expect(direct?.textContent()).toBe(`alpha ${alpha.child.pid}`);

      await beta.stop();
      await waitFor(() => registry.toolNames().join() === "Alpha", "the stopped worker's tools to go");
      await remote.close();
    });
  });

  describe("when Redis restarts mid-run", () => {
    it("answers calls in flight with a soft failure, and later calls work", async () => {
      await fx.startWorker({ queue: "restart", tools: ["basic"] });
      const reg = await remoteRegistry({
        connection: fx.redis.connection,
        secret: TEST_SECRET,
        queue: "restart",
      });
      const remote = remoteTools({
        connection: fx.redis.connection,
        secret: TEST_SECRET,
        queue: "restart",
        timeoutMs: 20_000,
      });
      const ctx = createToolContext({ sessionId: "restart-1" });
      try {
        const inFlight = dispatch(
          reg,
          [{ id: "f1", name: "Append", input: { tag: "flight", sleepMs: 5000 } }],
          {
            middleware: [remote],
            ctx,
          },
        );
        await waitFor(
          () => fx.lines().some((l) => l.startsWith("start append flight ")),
          "the call to start",
        );
        await fx.redis.restart();
        const [lost] = await inFlight;
        expect(lost?.output.isError).toBe(true);
        expect(lost?.output.textContent()).toBe(
          "Tool 'Append' did not answer: the connection to Redis was lost while call f1 was queued or running, so it may or may not have taken effect. Try again once Redis is back.",
        );
        // The worker re-advertises on its next heartbeat; the registry keeps its tools meanwhile.
        await waitFor(
          async () => {
            const [r] = await dispatch(
              reg,
              [{ id: `after-${Date.now()}`, name: "Render", input: { kind: "text", text: "back" } }],
              {
                middleware: [remote],
                ctx,
              },
            );
            return r?.output.textContent() === "back";
          },
          "a call to work after the restart",
          25_000,
        );
      } finally {
        await remote.close();
        await reg.close();
      }
    });
  });
});
