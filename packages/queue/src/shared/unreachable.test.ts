import { setTimeout as sleep } from "node:timers/promises";
import { createToolContext, FnTool } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { remoteRegistry } from "../host/remote-registry.js";
import { remoteTools } from "../host/remote-tools.js";
import { freePort, redisTestsEnabled, startRedis, TEST_SECRET } from "../testing/test-redis.js";
import { waitFor } from "../testing/test-setup.js";
import { startToolWorker } from "../worker/start-tool-worker.js";

describe("when nothing listens where Redis should be", () => {
  it("remoteRegistry throws after connectTimeoutMs, naming the address and the reason", async () => {
    const port = await freePort();
    await expect(
      remoteRegistry({
        connection: { host: "127.0.0.1", port },
        queue: "q",
        secret: TEST_SECRET,
        timeoutMs: 1000,
      }),
    ).rejects.toThrowError(
      `remoteRegistry: queue unreachable at redis://127.0.0.1:${port} (ECONNREFUSED) after 1 s: check that Redis is running there and that \`connection\` points to it (host, port, password, tls)`,
    );
  });

  it("remoteTools answers the call after its timeout, with advice", async () => {
    const port = await freePort();
    const remote = remoteTools({
      connection: { host: "127.0.0.1", port },
      queue: "q",
      secret: TEST_SECRET,
      timeoutMs: 1000,
    });
    const registry = new ToolRegistry();
    registry.register(new FnTool("Echo", "Echoes.", { type: "object" }, () => "local"));
    try {
      const [result] = await dispatch(registry, [{ id: "c1", name: "Echo", input: {} }], {
        middleware: [remote],
        ctx: createToolContext({ sessionId: "unreachable" }),
      });
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe(
        `Execution error: queue unreachable at redis://127.0.0.1:${port} (ECONNREFUSED) after 1 s\n` +
          `The call was not queued. Check that Redis is running at redis://127.0.0.1:${port} and that \`connection\` points to it (host, port, password, tls), then call again.`,
      );
    } finally {
      await remote.close();
    }
  });
});

describe.runIf(redisTestsEnabled())("startToolWorker when Redis is not up yet", () => {
  it("logs each failed attempt with its back-off, and serves once Redis starts", async () => {
    const port = await freePort();
    const log: string[] = [];
    const tools = new ToolRegistry();
    tools.register(new FnTool("Echo", "Echoes.", { type: "object" }, () => "echoed"));
    const starting = startToolWorker({
      registry: tools,
      connection: { host: "127.0.0.1", port },
      queue: "later",
      secret: TEST_SECRET,
      logger: { warn: (m) => log.push(m) },
    });
    await waitFor(() => log.length >= 3, "three failed attempts to be logged");
    expect(log.slice(0, 3)).toEqual(
      [1, 2, 3].map(
        (attempt) =>
          `startToolWorker: cannot reach Redis at redis://127.0.0.1:${port} (ECONNREFUSED), attempt ${attempt}; trying again in ${100 * 2 ** (attempt - 1)} ms`,
      ),
    );
    const redis = await startRedis({ port });
    try {
      const worker = await starting;
      await worker.close();
    } finally {
      await redis.stop();
    }
  });
});

describe.runIf(redisTestsEnabled())("remoteTools when Redis goes away after it connected", () => {
  it("answers a call sent while Redis is down as unreachable after its timeout, and closes without waiting for Redis", async () => {
    const redis = await startRedis();
    const tools = new ToolRegistry();
    tools.register(new FnTool("Echo", "Echoes.", { type: "object" }, () => "echoed"));
    const worker = await startToolWorker({
      registry: tools,
      connection: redis.connection,
      queue: "gone",
      secret: TEST_SECRET,
      logger: { warn: () => {} },
    });
    const registry = await remoteRegistry({
      connection: redis.connection,
      queue: "gone",
      secret: TEST_SECRET,
    });
    const remote = remoteTools({
      connection: redis.connection,
      queue: "gone",
      secret: TEST_SECRET,
      timeoutMs: 1000,
    });
    const send = async (id: string) => {
      const [result] = await dispatch(registry, [{ id, name: "Echo", input: {} }], {
        middleware: [remote],
        ctx: createToolContext({ sessionId: "gone" }),
      });
      return result?.output.textContent();
    };
    try {
      await waitFor(() => registry.contains("Echo"), "Echo to be advertised");
      expect(await send("before")).toBe("echoed");
      await redis.stop();
      // Let the clients see their sockets close (a call sent before that is queued, then lost).
      await sleep(300);
      const after = await send("after");
      expect(after).toBe(
        `Execution error: queue unreachable at redis://127.0.0.1:${redis.port} (ECONNREFUSED) after 1 s\n` +
          `The call was not queued. Check that Redis is running at redis://127.0.0.1:${redis.port} and that \`connection\` points to it (host, port, password, tls), then call again.`,
      );
    } finally {
      await remote.close();
      await registry.close();
      await worker.close();
    }
  });
});
