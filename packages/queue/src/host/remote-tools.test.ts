import { createToolContext, type ToolContext, type ToolOutput } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobIdFor, queueKeys } from "../shared/keys.js";
import { redisTestsEnabled, TEST_SECRET } from "../testing/test-redis.js";
import { type QueueFixture, queueFixture, waitFor } from "../testing/test-setup.js";
import { remoteRegistry, type RemoteRegistry } from "./remote-registry.js";
import { remoteTools, type RemoteToolsMiddleware } from "./remote-tools.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 255]).toString("base64");
const QUEUE = "round-trip";

describe.runIf(redisTestsEnabled())("remoteTools", () => {
  let fx: QueueFixture;
  let registry: RemoteRegistry;
  let remote: RemoteToolsMiddleware;

  beforeAll(async () => {
    fx = await queueFixture();
    await fx.startWorker({ queue: QUEUE, tools: ["basic"] });
    registry = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue: QUEUE });
    remote = remoteTools({
      connection: fx.redis.connection,
      secret: TEST_SECRET,
      queue: QUEUE,
      timeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await remote?.close();
    await registry?.close();
    await fx?.close();
  });

  const ctx = (extra: Partial<Parameters<typeof createToolContext>[0]> = {}): ToolContext =>
    createToolContext({ cwd: "/srv/app", sessionId: "sess-1", isNonInteractive: true, ...extra });
  const run = async (
    name: string,
    input: unknown,
    id: string,
    c: ToolContext = ctx(),
  ): Promise<ToolOutput> => {
    const [result] = await dispatch(registry, [{ id, name, input }], { middleware: [remote], ctx: c });
    if (!result) throw new Error("no result");
    return result.output;
  };

  describe("when a worker answers", () => {
    it("carries text with retention and meta", async () => {
      const out = await run("Render", { kind: "text", text: "hello" }, "t1");
      expect(out.textContent()).toBe("hello");
      expect(out.retention).toBe("durable");
      expect(out.meta).toEqual({ by: "worker" });
      expect(out.isError).toBe(false);
    });

    it("carries an image as base64 with its exact bytes", async () => {
      const out = await run("Render", { kind: "image", data: PNG }, "t2");
      expect(out.parts).toEqual([
        { type: "text", text: "an image:" },
        { type: "image", data: PNG, mediaType: "image/png" },
      ]);
    });

    it("carries a structured value with its hint", async () => {
      const out = await run("Render", { kind: "structured", value: { n: [1, 2], s: "é" } }, "t3");
      expect(out.structuredValue()).toEqual({ n: [1, 2], s: "é" });
      expect(out.hint).toBe("json");
      expect(out.retention).toBe("requery");
    });

    it("carries an error flag and a hint", async () => {
      const out = await run("Render", { kind: "error", text: "No such branch" }, "t4");
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe("No such branch");
      expect(out.hint).toBe("markdown");
    });

    it("gives the tool the context that crosses: cwd, session id, user context", async () => {
      const out = await run("Render", { kind: "context" }, "t5", ctx({ userContext: { tenant: "acme" } }));
      expect(out.structuredValue()).toEqual({
        cwd: "/srv/app",
        sessionId: "sess-1",
        userContext: { tenant: "acme" },
        isNonInteractive: true,
      });
    });

    it("answers a tool that throws on the worker with a soft failure", async () => {
      const out = await run("Render", { kind: "throw" }, "t6");
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe("Tool 'Render' threw: boom on the worker");
    });
  });

  describe("when the host sends the same call again", () => {
    it("runs it once and answers both with the same output", async () => {
      const first = await run("Append", { tag: "once-1" }, "r1");
      const again = await run("Append", { tag: "once-1" }, "r1");
      expect(again.textContent()).toBe(first.textContent());
      expect(fx.count("append once-1")).toBe(1);
    });

    it("runs it once when both sends are in flight together", async () => {
      const outs = await Promise.all([
        run("Append", { tag: "once-2", sleepMs: 100 }, "r2"),
        run("Append", { tag: "once-2", sleepMs: 100 }, "r2"),
      ]);
      expect(outs[0]?.textContent()).toBe(outs[1]?.textContent());
      expect(fx.count("append once-2")).toBe(1);
    });
  });

  describe("the job", () => {
    it("is keyed by the question's digest and gets 3 attempts for an idempotent tool, 1 otherwise", async () => {
      await run("AppendIdem", { tag: "j1" }, "job-a");
      await run("Append", { tag: "j2" }, "job-b");
      const queue = new Queue(queueKeys(QUEUE).pool(["Render", "Append", "AppendIdem"]), {
        connection: fx.redis.connection,
      });
      const question = (id: string, name: string, tag: string) => ({
        id,
        name,
        input: { tag },
        ctx: { cwd: "/srv/app", sessionId: "sess-1", isNonInteractive: true, userContext: {} },
      });
      try {
        const idem = await queue.getJob(jobIdFor(question("job-a", "AppendIdem", "j1")));
        const once = await queue.getJob(jobIdFor(question("job-b", "Append", "j2")));
        expect(idem?.opts.attempts).toBe(3);
        expect(idem?.opts.backoff).toEqual({ type: "exponential", delay: 100 });
        expect(once?.opts.attempts).toBe(1);
        expect(once?.data.sig).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await queue.close();
      }
    });
  });

  describe("when the host cancels", () => {
    it("aborts the tool running on the worker", async () => {
      const controller = new AbortController();
      const pending = run(
        "Append",
        { tag: "cancel-1", sleepMs: 10_000 },
        "c1",
        ctx({ signal: controller.signal }),
      );
      await waitFor(
        () => fx.lines().some((l) => l.startsWith("start append cancel-1 ")),
        "the call to start",
      );
      controller.abort();
      const out = await pending;
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(/^Cancelled/);
      await waitFor(() => fx.count("aborted cancel-1") === 1, "the tool's signal to fire on the worker");
      expect(fx.count("append cancel-1")).toBe(0);
    });

    it("never runs a call cancelled before a worker took it", async () => {
      const queue = "one-slot";
      const worker = await fx.startWorker({ queue, tools: ["basic"], concurrency: 1 });
      const reg = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue });
      const one = remoteTools({ connection: fx.redis.connection, secret: TEST_SECRET, queue });
      const send = (id: string, tag: string, signal?: AbortSignal, sleepMs = 0) =>
        dispatch(reg, [{ id, name: "Append", input: { tag, sleepMs } }], {
          middleware: [one],
          ctx: ctx(signal ? { signal } : {}),
        }).then(([r]) => r?.output.textContent());
      try {
        const busy = new AbortController();
        const first = send("b1", "busy", busy.signal, 10_000);
        await waitFor(() => fx.lines().some((l) => l.startsWith("start append busy ")), "the slot to fill");
        const queued = new AbortController();
        const second = send("b2", "never", queued.signal);
        await new Promise((r) => setTimeout(r, 100));
        queued.abort();
        expect(await second).toMatch(/^Cancelled/);
        busy.abort();
        expect(await first).toMatch(/^Cancelled/);
        // With one slot, the worker would take the cancelled call before this one.
        expect(await send("b3", "after")).toMatch(/^append after by /);
        expect(fx.lines().filter((l) => l.includes("never"))).toEqual([]);
      } finally {
        await one.close();
        await reg.close();
        await worker.stop();
      }
    });
  });

  describe("when no live worker serves the tool", () => {
    it("answers NotFound naming the queue and how to start a worker, without queueing", async () => {
      const nobody = remoteTools({
        connection: fx.redis.connection,
        secret: TEST_SECRET,
        queue: "nobody-here",
      });
      const out = await dispatch(
        registry,
        [{ id: "nf", name: "Render", input: { kind: "text", text: "x" } }],
        {
          middleware: [nobody],
          ctx: ctx(),
        },
      );
      await nobody.close();
      expect(out[0]?.output.isError).toBe(true);
      expect(out[0]?.output.textContent()).toBe(
        "Tool not found: Render. Available: none registered\n" +
          "No worker on queue 'nobody-here' has registered 'Render' yet: start one with `startToolWorker({ registry, connection, queue: \"nobody-here\", secret })` with a registry that has 'Render', or call another tool.",
      );
    });

    it("answers a tool the host's registry does not have with the queue and the bin's flag for it", async () => {
      const empty = await remoteRegistry({
        connection: fx.redis.connection,
        secret: TEST_SECRET,
        queue: "empty",
      });
      const to = remoteTools({ connection: fx.redis.connection, secret: TEST_SECRET, queue: "empty" });
      try {
        const [result] = await dispatch(empty, [{ id: "nf2", name: "Shell", input: { command: "ls" } }], {
          middleware: [to],
          ctx: ctx(),
        });
        expect(result?.output.textContent()).toBe(
          "Tool not found: Shell. Available: none registered\n" +
            "No worker on queue 'empty' has registered 'Shell' yet: start one with `TOOLKIT_QUEUE_SECRET=… npx @toolkit/queue --shell --queue empty`, or call another tool.",
        );
      } finally {
        await to.close();
        await empty.close();
      }
    });
  });

  describe("when no answer comes in time", () => {
    it("fails the call with a message naming the limit", async () => {
      const quick = remoteTools({
        connection: fx.redis.connection,
        secret: TEST_SECRET,
        queue: QUEUE,
        timeoutMs: 300,
      });
      const [result] = await dispatch(
        registry,
        [{ id: "to1", name: "Append", input: { tag: "slow", sleepMs: 10_000 } }],
        { middleware: [quick], ctx: ctx() },
      );
      await quick.close();
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe(
        "Tool 'Append' timed out after 300 ms on queue 'round-trip' (call to1); it was cancelled and may or may not have taken effect.",
      );
      await waitFor(() => fx.count("aborted slow") === 1, "the worker to abort the timed-out call");
    });
  });
});
