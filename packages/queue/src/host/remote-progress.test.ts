import { createToolContext } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobIdFor, queueKeys } from "../shared/keys.js";
import { redisTestsEnabled, TEST_SECRET } from "../testing/test-redis.js";
import { type QueueFixture, queueFixture, waitFor } from "../testing/test-setup.js";
import { wireContext } from "../wire/wire-call.js";
import { remoteRegistry, type RemoteRegistry } from "./remote-registry.js";
import { remoteTools, type RemoteToolsMiddleware } from "./remote-tools.js";

const QUEUE = "progress";

describe.runIf(redisTestsEnabled())("remoteTools progress", () => {
  let fx: QueueFixture;
  let registry: RemoteRegistry;
  let remote: RemoteToolsMiddleware;
  const warnings: string[] = [];

  beforeAll(async () => {
    fx = await queueFixture();
    await fx.startWorker({ queue: QUEUE, tools: ["progress"] });
    registry = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue: QUEUE });
    remote = remoteTools({
      connection: fx.redis.connection,
      secret: TEST_SECRET,
      queue: QUEUE,
      timeoutMs: 20_000,
      logger: { warn: (m) => warnings.push(m) },
    });
  });
  afterAll(async () => {
    await remote?.close();
    await registry?.close();
    await fx?.close();
  });

  const ctx = () => createToolContext({ cwd: "/srv/app", sessionId: "sess-p", isNonInteractive: true });

  describe("when a worker's tool reports three updates a second apart", () => {
    it("delivers them to the host in order, before the result", async () => {
      const seen: string[] = [];
      const [result] = await dispatch(registry, [{ id: "p1", name: "Steps", input: {} }], {
        middleware: [remote],
        ctx: ctx(),
        onProgress: (e) => seen.push(`${e.callId} ${e.progress}/${e.total} ${e.message}`),
      });
      seen.push(`result ${result?.output.textContent()}`);
      expect(seen).toEqual([
        "p1 1/3 step 1 of 3",
        "p1 2/3 step 2 of 3",
        "p1 3/3 step 3 of 3",
        "result done after 3 steps",
      ]);
    });
  });

  describe("when someone without the secret publishes progress for a running call", () => {
    it("ignores it with a warning, and the genuine updates and result arrive", async () => {
      const input = { gapMs: 400 };
      const c = ctx();
      const jobId = jobIdFor({ id: "p2", name: "Steps", input, ctx: wireContext(c) });
      const forger = new Redis({ host: "127.0.0.1", port: fx.redis.port, lazyConnect: true });
      await forger.connect();
      try {
        const seen: string[] = [];
        const running = dispatch(registry, [{ id: "p2", name: "Steps", input }], {
          middleware: [remote],
          ctx: c,
          onProgress: (e) => seen.push(e.message ?? ""),
        });
        await waitFor(() => seen.length > 0, "the first update");
        const channel = queueKeys(QUEUE).progressChannel;
        await forger.publish(channel, `${jobId}\n99\n${"0".repeat(64)}\n{"message":"forged"}`);
        await forger.publish(channel, `${jobId}\n100\n\n{"message":"unsigned"}`);
        const [result] = await running;
        expect(seen).toEqual(["step 1 of 3", "step 2 of 3", "step 3 of 3"]);
        expect(result?.output.textContent()).toBe("done after 3 steps");
        expect(warnings.filter((w) => w.includes(`ignored a progress message for call p2`))).toHaveLength(2);
      } finally {
        forger.disconnect();
      }
    });
  });
});
