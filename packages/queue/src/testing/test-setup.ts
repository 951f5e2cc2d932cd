// Test-only: per-file Redis, workers, a log of runs, and cleanup that runs even when a test fails.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  startRedis,
  startWorkerProcess,
  type TestRedis,
  type TestWorkerProcess,
  type TestWorkerSpec,
} from "./test-redis.js";

/** Everything one test file started, stopped together. */
export interface QueueFixture {
  readonly redis: TestRedis;
  readonly logFile: string;
  readonly workers: TestWorkerProcess[];
  startWorker(spec: Omit<TestWorkerSpec, "port" | "logFile">): Promise<TestWorkerProcess>;
  /** The log's lines. */
  lines(): string[];
  /** Lines equal to `line`. */
  count(line: string): number;
  close(): Promise<void>;
}

/** Starts Redis and an empty log in a temp dir. */
export async function queueFixture(): Promise<QueueFixture> {
  const dir = mkdtempSync(join(tmpdir(), "toolkit-queue-"));
  const logFile = join(dir, "runs.log");
  writeFileSync(logFile, "");
  const redis = await startRedis();
  const workers: TestWorkerProcess[] = [];
  const lines = (): string[] => readFileSync(logFile, "utf8").split("\n").filter(Boolean);
  return {
    redis,
    logFile,
    workers,
    async startWorker(spec) {
      const worker = await startWorkerProcess({ ...spec, port: redis.port, logFile });
      workers.push(worker);
      return worker;
    },
    lines,
    count: (line) => lines().filter((l) => l === line).length,
    async close() {
      await Promise.all(workers.map((w) => w.kill()));
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check()` is true, polling every 20 ms (fails after `limitMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 15_000,
): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited ${limitMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
