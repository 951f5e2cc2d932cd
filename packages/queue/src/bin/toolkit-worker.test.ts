import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { createToolContext, Workspace } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteRegistry } from "../host/remote-registry.js";
import { redisTestsEnabled, startRedis, type TestRedis } from "../testing/test-redis.js";
import { waitFor } from "../testing/test-setup.js";
import { loadWorkerFamilies } from "./load-worker-families.js";
import { parseWorkerArgs } from "./parse-worker-args.js";

const BIN = fileURLToPath(new URL("./toolkit-worker.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

describe("parseWorkerArgs", () => {
  const parse = (argv: string[], env: Record<string, string> = {}) =>
    parseWorkerArgs({ argv, cwd: "/w", env });
  it("reads families, queue, Redis URL and concurrency, with defaults", () => {
    expect(parse(["--think"], { REDIS_URL: "redis://cache:6380" })).toEqual({
      kind: "serve",
      families: [],
      think: true,
      root: "/w",
      queue: "toolkit",
      redisUrl: "redis://cache:6380",
      concurrency: 4,
    });
    expect(parse(["--fs", "--shell", "--queue", "builds", "--concurrency", "8"])).toMatchObject({
      families: ["fs", "shell"],
      queue: "builds",
      concurrency: 8,
      redisUrl: "redis://127.0.0.1:6379",
    });
  });
  it.each([
    [[], "choose the tools to serve"],
    [["--think", "--concurrency", "0"], '--concurrency must be a positive integer, got "0"'],
    [["--think", "--queue", "a:b"], "--queue must be letters, digits"],
    [["--think", "--redis", "http://x"], "--redis must be a redis:// or rediss:// URL"],
    [["--nope"], "Unknown option '--nope'"],
  ])("refuses %j", (argv, message) => {
    expect(() => parse(argv)).toThrowError(message);
  });
});

describe("loadWorkerFamilies", () => {
  it("loads the families installed beside this package, in flag order", async () => {
    const tools = await loadWorkerFamilies(["shell", "fs"], new Workspace({ root: tmpdir() }));
    expect(tools.map((t) => t.name)).toEqual([
      "Shell",
      "Jobs",
      "Read",
      "Write",
      "Edit",
      "MultiEdit",
      "FileViewer",
      "ApplyPatch",
    ]);
  });
});

describe.runIf(redisTestsEnabled())("toolkit-worker", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("serves Think on the queue until SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=@toolkit/source",
        "--import",
        "tsx",
        BIN,
        "--think",
        "--queue",
        "bin",
        "--redis",
        `redis://127.0.0.1:${redis.port}`,
      ],
      { cwd: PACKAGE_DIR, stdio: ["ignore", "pipe", "pipe"] },
    );
    const registry = await remoteRegistry({ connection: redis.connection, queue: "bin" });
    try {
      await waitFor(() => registry.toolNames().includes("Think"), "the worker to advertise Think");
      const out = await registry.get("Think")?.call({ thought: "queue works" }, createToolContext());
      expect(out?.isError).toBe(false);
    } finally {
      await registry.close();
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = await exited;
      expect(code).toBe(0);
    }
  });
});
