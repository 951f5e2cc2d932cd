import { createToolContext } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RemoteRegistry, remoteRegistry } from "../host/remote-registry.js";
import { type RemoteToolsMiddleware, remoteTools } from "../host/remote-tools.js";
import { redisTestsEnabled, type TestWorkerProcess, TEST_SECRET } from "../testing/test-redis.js";
import { type QueueFixture, queueFixture, waitFor } from "../testing/test-setup.js";

const QUEUE = "deaths";

describe.runIf(redisTestsEnabled())("startToolWorker", () => {
  let fx: QueueFixture;
  let registry: RemoteRegistry;
  let remote: RemoteToolsMiddleware;
  const byPid = new Map<number, TestWorkerProcess>();

  beforeAll(async () => {
    fx = await queueFixture();
    const started = await Promise.all(
      [0, 1].map(() => fx.startWorker({ queue: QUEUE, tools: ["basic"], fastStall: true, concurrency: 2 })),
    );
    for (const w of started) byPid.set(w.child.pid ?? 0, w);
    registry = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue: QUEUE });
    remote = remoteTools({ connection: fx.redis.connection, secret: TEST_SECRET, queue: QUEUE });
  });
  afterAll(async () => {
    await remote?.close();
    await registry?.close();
    await fx?.close();
  });

  /** Sends a slow call, SIGKILLs the worker that started it, and returns the answer. */
  async function killMidCall(name: string, tag: string) {
    const ctx = createToolContext({ sessionId: `kill-${tag}` });
    const pending = dispatch(registry, [{ id: tag, name, input: { tag, sleepMs: 2500 } }], {
      middleware: [remote],
      ctx,
    });
    let pid = 0;
    await waitFor(() => {
      const line = fx.lines().find((l) => l.startsWith(`start `) && l.includes(` ${tag} `));
      pid = Number(line?.split(" ").at(-1) ?? 0);
      return pid > 0;
    }, "the call to start");
    const victim = byPid.get(pid);
    if (!victim) throw new Error(`no worker with pid ${pid}`);
    await victim.kill();
    byPid.delete(pid);
    const [result] = await pending;
    // Keep two workers for the next test.
    const fresh = await fx.startWorker({ queue: QUEUE, tools: ["basic"], fastStall: true, concurrency: 2 });
    byPid.set(fresh.child.pid ?? 0, fresh);
    return { output: result?.output, killedPid: pid };
  }

  describe("when a worker is SIGKILLed mid-call", () => {
    it("runs an idempotent call again on another worker", async () => {
      const { output, killedPid } = await killMidCall("AppendIdem", "idem-k1");
      expect(output?.isError).toBe(false);
      expect(output?.textContent()).toMatch(/^idem idem-k1 by \d+$/);
      expect(output?.textContent()).not.toContain(String(killedPid));
      expect(fx.lines().filter((l) => l.startsWith("start idem idem-k1 "))).toHaveLength(2);
      expect(fx.count("idem idem-k1")).toBe(1);
    });

    it("answers a non-idempotent call with a soft failure and never runs it again", async () => {
      const { output } = await killMidCall("Append", "once-k1");
      expect(output?.isError).toBe(true);
      expect(output?.textContent()).toBe(
        "Tool 'Append' did not finish: the worker running call once-k1 died, and the call may or may not have taken effect. It was not run again because 'Append' is not idempotent; check its effect before calling it again.",
      );
      expect(fx.lines().filter((l) => l.startsWith("start append once-k1 "))).toHaveLength(1);
      expect(fx.count("append once-k1")).toBe(0);
    });
  });

  describe("when a worker is closed gracefully", () => {
    it("finishes the call it is running before it exits", async () => {
      const ctx = createToolContext({ sessionId: "graceful" });
      const pending = dispatch(registry, [{ id: "g1", name: "Append", input: { tag: "g1", sleepMs: 500 } }], {
        middleware: [remote],
        ctx,
      });
      let pid = 0;
      await waitFor(() => {
        const line = fx.lines().find((l) => l.startsWith("start append g1 "));
        pid = Number(line?.split(" ").at(-1) ?? 0);
        return pid > 0;
      }, "the call to start");
      await byPid.get(pid)?.stop();
      byPid.delete(pid);
      const [result] = await pending;
      expect(result?.output.textContent()).toBe(`append g1 by ${pid}`);
    });
  });
});
