import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createToolContext, Workspace } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteRegistry } from "../host/remote-registry.js";
import { redisTestsEnabled, startRedis, type TestRedis, TEST_SECRET } from "../testing/test-redis.js";
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
      insecure: false,
    });
    expect(parse(["--fs", "--shell", "--queue", "builds", "--concurrency", "8"])).toMatchObject({
      families: ["fs", "shell"],
      queue: "builds",
      concurrency: 8,
      redisUrl: "redis://127.0.0.1:6379",
    });
  });
  it("reads --insecure", () => {
    expect(parse(["--think", "--insecure"])).toMatchObject({ insecure: true });
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

describe("the README's `npx @toolkit/queue`", () => {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8"));
  const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");

  it("is documented by the package name, never as `npx toolkit-worker` alone", () => {
    expect(readme).toContain(
      "TOOLKIT_QUEUE_SECRET=… npx @toolkit/queue --fs --search --shell --root /srv/repo --queue tools",
    );
    expect(readme).not.toMatch(/npx[^\n`]*toolkit-worker[ ,]/);
    // One bin, so `npm exec @toolkit/queue` runs it by the package name.
    expect(pkg.bin).toEqual({ "toolkit-worker": "./dist/toolkit-worker.js" });
  });

  it("runs the bin in a project where npm installed the package", () => {
    const project = mkdtempSync(join(tmpdir(), "toolkit-queue-npx-"));
    try {
      writeFileSync(join(project, "package.json"), '{ "name": "consumer", "private": true }\n');
      // What `npm install @toolkit/queue` leaves: the package and its bin link.
      mkdirSync(join(project, "node_modules", "@toolkit"), { recursive: true });
      mkdirSync(join(project, "node_modules", ".bin"));
      symlinkSync(PACKAGE_DIR, join(project, "node_modules", "@toolkit", "queue"));
      symlinkSync(
        "../@toolkit/queue/dist/toolkit-worker.js",
        join(project, "node_modules", ".bin", "toolkit-worker"),
      );
      const out = execFileSync("npx", ["--offline", "@toolkit/queue", "--help"], {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, npm_config_update_notifier: "false" },
      });
      expect(out).toMatch(/^Usage: toolkit-worker /);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe("loadWorkerFamilies", () => {
  it("loads the families installed beside this package, in flag order", async () => {
    const tools = await loadWorkerFamilies(["shell", "fs"], new Workspace({ root: tmpdir() }));
    expect(tools.map((t) => t.name)).toEqual([
      "Shell",
      "Jobs",
      "JobInput",
      "Read",
      "Write",
      "Edit",
      "MultiEdit",
      "FileViewer",
      "ApplyPatch",
      "NotebookEdit",
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

  const startBin = (...args: string[]): ChildProcess =>
    spawn(
      process.execPath,
      [
        "--conditions=@toolkit/source",
        "--import",
        "tsx",
        BIN,
        ...args,
        "--redis",
        `redis://127.0.0.1:${redis.port}`,
      ],
      {
        cwd: PACKAGE_DIR,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, TOOLKIT_QUEUE_SECRET: TEST_SECRET },
      },
    );

  it("refuses to start without TOOLKIT_QUEUE_SECRET or --insecure", async () => {
    const env = { ...process.env };
    delete env.TOOLKIT_QUEUE_SECRET;
    const child = spawn(
      process.execPath,
      [
        "--conditions=@toolkit/source",
        "--import",
        "tsx",
        BIN,
        "--think",
        "--redis",
        `redis://127.0.0.1:${redis.port}`,
      ],
      { cwd: PACKAGE_DIR, stdio: ["ignore", "pipe", "pipe"], env },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(stderr).toContain(
      "toolkit-worker: startToolWorker: no `secret`: pass `secret` (or set TOOLKIT_QUEUE_SECRET)",
    );
  });

  it("serves Think on the queue until SIGTERM", async () => {
    const child = startBin("--think", "--queue", "bin");
    const registry = await remoteRegistry({
      connection: redis.connection,
      secret: TEST_SECRET,
      queue: "bin",
    });
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

  describe("when SIGTERM comes while a Shell call runs", () => {
    it("answers the call (its command ended) instead of leaving it to time out, and exits 0", async () => {
      const root = mkdtempSync(join(tmpdir(), "toolkit-worker-bin-"));
      const child = startBin("--shell", "--queue", "bin-term", "--root", root);
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = once(child, "exit");
      const registry = await remoteRegistry({
        connection: redis.connection,
        secret: TEST_SECRET,
        queue: "bin-term",
        timeoutMs: 10_000,
      });
      try {
        await waitFor(() => registry.toolNames().includes("Shell"), "the worker to advertise Shell");
        const answer = registry
          .get("Shell")
          ?.call({ command: "touch started && sleep 1 && echo finished" }, createToolContext({ cwd: root }));
        await waitFor(() => existsSync(join(root, "started")), "the command to start");
        child.kill("SIGTERM");
        const out = await answer;
        // The shell ends its commands on a host signal; the call is answered with that, not left to time out.
        expect(out?.textContent()).toMatch(/^\[killed by SIGKILL, \d+ ms\]$/);
        const [code, signal] = await exited;
        expect({ code, signal, stderr }).toMatchObject({ code: 0, signal: null });
      } finally {
        await registry.close();
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
