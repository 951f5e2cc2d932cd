import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Context, type ContextManager, context, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { createToolContext } from "@toolkit/core";
import { dispatch, type Middleware, ToolRegistry } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisTestsEnabled, startRedis, type TestRedis, TEST_SECRET } from "../testing/test-redis.js";
import { testTools } from "../testing/test-tools.js";
import { waitFor } from "../testing/test-setup.js";
import { startToolWorker, type ToolWorker } from "../worker/start-tool-worker.js";
import { type RemoteRegistry, remoteRegistry } from "./remote-registry.js";
import { remoteTools } from "./remote-tools.js";

/** The smallest real context manager: what an OpenTelemetry SDK registers in Node. */
class StorageContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    return this;
  }
}

describe.runIf(redisTestsEnabled())("remoteTools backpressure and tracing", () => {
  let redis: TestRedis;
  let dir: string;
  const workers: ToolWorker[] = [];
  const registries: RemoteRegistry[] = [];
  const seen: Array<{
    session: string;
    at: number;
    traceId: string | undefined;
    spanId: string | undefined;
  }> = [];
  const active = new Map<string, number>();
  const peak = new Map<string, number>();

  /** Worker-side middleware recording concurrency per session and the active trace context. */
  const observe: Middleware = async function observe(call, next) {
    const session = call.ctx.sessionId;
    const span = trace.getSpanContext(context.active());
    seen.push({ session, at: Date.now(), traceId: span?.traceId, spanId: span?.spanId });
    const now = (active.get(session) ?? 0) + 1;
    active.set(session, now);
    peak.set(session, Math.max(peak.get(session) ?? 0, now));
    try {
      return await next(call);
    } finally {
      active.set(session, (active.get(session) ?? 1) - 1);
    }
  };

  const start = async (queue: string, extra: { limiter?: { max: number; durationMs: number } } = {}) => {
    const registry = new ToolRegistry();
    for (const tool of testTools(["basic"], join(dir, "runs.log"))) registry.register(tool);
    const worker = await startToolWorker({
      registry,
      connection: redis.connection,
      secret: TEST_SECRET,
      queue,
      concurrency: 8,
      middleware: [observe],
      ...extra,
    });
    workers.push(worker);
    const remote = await remoteRegistry({ connection: redis.connection, secret: TEST_SECRET, queue });
    registries.push(remote);
    await waitFor(() => remote.contains("Append"), "the surface");
    return remote;
  };

  beforeAll(async () => {
    context.setGlobalContextManager(new StorageContextManager());
    dir = mkdtempSync(join(tmpdir(), "toolkit-queue-bp-"));
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const r of registries) await r.close();
    for (const w of workers) await w.close();
    await redis?.stop();
    context.disable();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs at most maxPerSession calls of one session at once, without holding back other sessions", async () => {
    const registry = await start("per-session");
    const remote = remoteTools({
      connection: redis.connection,
      secret: TEST_SECRET,
      queue: "per-session",
      maxPerSession: 2,
    });
    const batch = (session: string) =>
      dispatch(
        registry,
        Array.from({ length: 6 }, (_, i) => ({
          id: `p${i}`,
          name: "AppendIdem",
          input: { tag: `${session}-${i}`, sleepMs: 150 },
        })),
        { middleware: [remote], ctx: createToolContext({ sessionId: session }), mode: "parallel" },
      );
    const [a, b] = await Promise.all([batch("limited-a"), batch("limited-b")]);
    await remote.close();
    expect([...a, ...b].every((r) => !r.output.isError)).toBe(true);
    expect(peak.get("limited-a")).toBe(2);
    expect(peak.get("limited-b")).toBe(2);
  });

  it("applies BullMQ's queue rate limit", async () => {
    const registry = await start("rate", { limiter: { max: 1, durationMs: 300 } });
    const remote = remoteTools({ connection: redis.connection, secret: TEST_SECRET, queue: "rate" });
    await dispatch(
      registry,
      Array.from({ length: 4 }, (_, i) => ({ id: `r${i}`, name: "AppendIdem", input: { tag: `rate-${i}` } })),
      { middleware: [remote], ctx: createToolContext({ sessionId: "rated" }), mode: "parallel" },
    );
    await remote.close();
    const starts = seen.filter((s) => s.session === "rated").map((s) => s.at);
    expect(starts).toHaveLength(4);
    // One call per 300 ms window: the four starts span at least three windows.
    expect((starts.at(-1) ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(3 * 300 - 50);
  });

  it("carries the host's trace context to the worker", async () => {
    const registry = await start("traced");
    const remote = remoteTools({ connection: redis.connection, secret: TEST_SECRET, queue: "traced" });
    const parent = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", traceFlags: 1 };
    await context.with(trace.setSpanContext(context.active(), parent), () =>
      dispatch(registry, [{ id: "t1", name: "AppendIdem", input: { tag: "traced" } }], {
        middleware: [remote],
        ctx: createToolContext({ sessionId: "traced" }),
      }),
    );
    await remote.close();
    expect(seen.find((s) => s.session === "traced")).toMatchObject({
      traceId: parent.traceId,
      spanId: parent.spanId,
    });
  });
});
