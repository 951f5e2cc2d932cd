// @toolkit/queue: the per-call overhead of a call sent through BullMQ to a worker on loopback Redis,
// against a local dispatch of the same tool (goal: remote p50 <= 2 ms; p95 reported beside it), and
// the throughput of a 20 ms I/O-bound tool with 1, 2 and 4 workers of one slot each (goal: >= 1.8x
// from 1 to 2). The latency figures follow a warm-up, as a long-running host is warm.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createToolContext, FnTool } from "@toolkit/core";
import { remoteRegistry, remoteTools, startToolWorker, type ToolWorker } from "@toolkit/queue";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import type { BenchCase, Row } from "../harness.js";

const OBJECT = { type: "object" as const };
const CALLS = 1000;
const WARMUP = 200;

function tools(): ToolRegistry {
  const r = new ToolRegistry();
  r.register(new FnTool("noop", "Does nothing.", OBJECT, async () => "ok"));
  r.register(
    new FnTool("io20", "Waits 20 ms, like a small I/O call.", OBJECT, async () => {
      await sleep(20);
      return "done";
    }),
  );
  return r;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  return typeof address === "object" && address ? address.port : 0;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", () => reject(new Error(`redis-server exited: ${out}`)));
  });
  child.stdout?.resume();
  return child;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

function p50(values: number[]): number {
  return percentile(values, 50);
}

async function run(): Promise<Row[]> {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
  } catch {
    console.log("queue: skipped, redis-server is missing (install the Debian package redis-server)");
    return [];
  }
  const port = await freePort();
  const redis = await startRedis(port);
  const connection = { host: "127.0.0.1", port };
  // Hosts and workers sign what they put in Redis: the signing is part of the per-call cost measured.
  const secret = randomBytes(32).toString("base64");
  const workers: ToolWorker[] = [];
  try {
    const local = tools();
    const ctx = createToolContext({ sessionId: "bench" });
    const localMs: number[] = [];
    for (let i = 0; i < CALLS + WARMUP; i++) {
      const t = performance.now();
      await dispatch(local, [{ id: `l${i}`, name: "noop", input: {} }], { ctx });
      if (i >= WARMUP) localMs.push(performance.now() - t);
    }

    workers.push(
      await startToolWorker({ registry: tools(), connection, queue: "bench", concurrency: 1, secret }),
    );
    const registry = await remoteRegistry({ connection, queue: "bench", secret });
    const remote = remoteTools({ connection, queue: "bench", secret });
    const remoteMs: number[] = [];
    for (let i = 0; i < CALLS + WARMUP; i++) {
      const t = performance.now();
      await dispatch(registry, [{ id: `r${i}`, name: "noop", input: {} }], { ctx, middleware: [remote] });
      if (i >= WARMUP) remoteMs.push(performance.now() - t);
    }
    const rows: Row[] = [
      {
        case: "queue: per-call latency, noop tool (p50)",
        ours: p50(remoteMs),
        peer: "local dispatch",
        peerValue: p50(localMs),
        unit: "ms",
        note: "goal: remote p50 <= 2 ms on loopback",
      },
      {
        case: "queue: per-call latency, noop tool (p95)",
        ours: percentile(remoteMs, 95),
        peer: "local dispatch",
        peerValue: percentile(localMs, 95),
        unit: "ms",
        note: `${CALLS} calls after ${WARMUP} warm-up calls`,
      },
    ];

    const throughput = async (n: number, round: number): Promise<number> => {
      while (workers.length < n) {
        workers.push(
          await startToolWorker({ registry: tools(), connection, queue: "bench", concurrency: 1, secret }),
        );
      }
      // Separate dispatches, as separate sessions' calls arrive: io20 is not concurrency-safe, so one
      // dispatch would run its calls one wave at a time.
      const t = performance.now();
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          dispatch(registry, [{ id: `t${n}-${round}-${i}`, name: "io20", input: {} }], {
            ctx,
            middleware: [remote],
          }),
        ),
      );
      return (100 / (performance.now() - t)) * 1000;
    };
    const perWorkers = new Map<number, number>();
    for (const n of [1, 2, 4])
      perWorkers.set(n, p50([await throughput(n, 0), await throughput(n, 1), await throughput(n, 2)]));
    const one = perWorkers.get(1) ?? Number.NaN;
    for (const n of [2, 4]) {
      rows.push({
        case: `queue: 20 ms tool, ${n} workers`,
        ours: perWorkers.get(n) ?? Number.NaN,
        peer: "1 worker",
        peerValue: one,
        unit: "calls/s",
        note: n === 2 ? "goal: >= 1.8x the 1-worker figure" : `ideal: ${n}x`,
      });
    }
    await remote.close();
    await registry.close();
    return rows;
  } finally {
    for (const w of workers) await w.close();
    redis.kill("SIGKILL");
  }
}

export const cases: BenchCase[] = [{ name: "queue", run }];
