import { readFileSync } from "node:fs";
import { createToolContext, Think } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteRegistry, remoteTools, startToolWorker } from "./index.js";
import { redisTestsEnabled, startRedis, TEST_SECRET, type TestRedis } from "./testing/test-redis.js";
import { waitFor } from "./testing/test-setup.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");

// The README's two terminals, run in one process against a real Redis and kept in step with it.
describe.runIf(redisTestsEnabled())("README", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
    // As the README says: both terminals share the secret through the environment.
    process.env.TOOLKIT_QUEUE_SECRET = TEST_SECRET;
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("shows the worker and loop example that runs here", async () => {
    expect(README).toContain(
      'const worker = await startToolWorker({ registry: tools, connection: { host: "127.0.0.1", port: 6379 }, queue: "tools" });',
    );
    expect(README).toContain('const registry = await remoteRegistry({ connection, queue: "tools" });');
    expect(README).toContain(
      'const remote = remoteTools({ connection, queue: "tools", timeoutMs: 60_000 });',
    );

    const connection = redis.connection;
    const tools = new ToolRegistry();
    tools.register(new Think());
    const worker = await startToolWorker({ registry: tools, connection, queue: "tools" });
    const registry = await remoteRegistry({ connection, queue: "tools" });
    const remote = remoteTools({ connection, queue: "tools", timeoutMs: 60_000 });
    try {
      await waitFor(() => registry.toolNames().includes("Think"), "Think to be advertised");
      const [answer] = await dispatch(
        registry,
        [{ id: "call_1", name: "Think", input: { thought: "plan" } }],
        {
          middleware: [remote],
          ctx: createToolContext({ sessionId: "session-1" }),
        },
      );
      expect(answer?.output.isError).toBe(false);
    } finally {
      await remote.close();
      await registry.close();
      await worker.close();
    }
  });
});
