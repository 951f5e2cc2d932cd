// The README's Redis ACL and TLS examples, against a real redis-server.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, FnTool } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteRegistry } from "../host/remote-registry.js";
import { remoteTools } from "../host/remote-tools.js";
import { redisTestsEnabled, startRedis, TEST_SECRET, type TestRedis } from "../testing/test-redis.js";
import { waitFor } from "../testing/test-setup.js";
import { startToolWorker } from "../worker/start-tool-worker.js";

const BIN = fileURLToPath(new URL("../bin/toolkit-worker.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** The README's ACL line, as redis-server takes it on its command line. */
const ACL_USER =
  "toolkit on >s3cret-password ~bull:* ~toolkit:queue:* &toolkit:queue:* &bull:* +@all -@dangerous +info";

/** Serves one tool on `connection` and calls it through the queue; returns the answer's text. */
async function roundTrip(connection: RedisOptions, queue: string): Promise<string | undefined> {
  const tools = new ToolRegistry();
  tools.register(new FnTool("Echo", "Echoes.", { type: "object" }, () => "echoed"));
  const worker = await startToolWorker({ registry: tools, connection, queue, secret: TEST_SECRET });
  const registry = await remoteRegistry({ connection, queue, secret: TEST_SECRET });
  const remote = remoteTools({ connection, queue, secret: TEST_SECRET, timeoutMs: 10_000 });
  try {
    await waitFor(() => registry.contains("Echo"), "Echo to be advertised");
    const [result] = await dispatch(registry, [{ id: "c1", name: "Echo", input: {} }], {
      middleware: [remote],
      ctx: createToolContext({ sessionId: "sec" }),
    });
    return result?.output.textContent();
  } finally {
    await remote.close();
    await registry.close();
    await worker.close();
  }
}

describe.runIf(redisTestsEnabled())("Redis users (ACL)", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis({ extraArgs: ["--user", "default", "off", "--user", ...ACL_USER.split(" ")] });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("is the README's example", () => {
    expect(README).toContain(`user default off\nuser ${ACL_USER}\n`);
  });

  it("serves calls for hosts and workers that log in as the queue's user", async () => {
    const connection = { ...redis.connection, username: "toolkit", password: "s3cret-password" };
    expect(await roundTrip(connection, "acl")).toBe("echoed");
  });

  it("keeps that user to the queue's keys", async () => {
    const client = new Redis({ ...redis.connection, username: "toolkit", password: "s3cret-password" });
    try {
      await expect(client.set("someone-else:key", "1")).rejects.toThrowError(/^NOPERM/);
    } finally {
      client.disconnect();
    }
  });

  it("refuses a client without the user's password, naming the reason", async () => {
    await expect(
      remoteRegistry({
        connection: redis.connection,
        queue: "acl",
        secret: TEST_SECRET,
        connectTimeoutMs: 1500,
      }),
    ).rejects.toThrowError(
      new RegExp(`^remoteRegistry: queue unreachable at redis://127\\.0\\.0\\.1:${redis.port} \\(NOAUTH`),
    );
  });
});

/** Whether this redis-server was built with TLS: a build without it refuses `--tls-port` as a bad directive. */
function redisHasTls(): boolean {
  let out = "";
  try {
    // With TLS built in, this exits at once: "Configured to not listen anywhere".
    out = execFileSync("redis-server", ["--port", "0", "--tls-port", "0"], {
      stdio: "pipe",
      timeout: 5000,
    }).toString();
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: unknown; stderr?: unknown };
    out = `${String(stdout)}${String(stderr)}`;
  }
  return !(/Bad directive/.test(out) && out.includes("tls-port"));
}

const tlsRuns = redisTestsEnabled() && redisHasTls();
if (redisTestsEnabled() && !tlsRuns) {
  console.log("skipping the rediss:// (TLS) test: this redis-server was built without TLS (no --tls-port)");
}

describe.runIf(tlsRuns)("Redis over TLS (rediss://)", () => {
  let redis: TestRedis;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "toolkit-queue-tls-"));
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    openssl(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.crt",
      "-days",
      "1",
      "-subj",
      "/CN=toolkit test CA",
    );
    openssl(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "redis.key",
      "-out",
      "redis.csr",
      "-subj",
      "/CN=127.0.0.1",
    );
    execFileSync("sh", ["-c", "printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext"], { cwd: dir });
    openssl(
      "x509",
      "-req",
      "-in",
      "redis.csr",
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "redis.crt",
      "-days",
      "1",
      "-extfile",
      "san.ext",
    );
    redis = await startRedis({
      tls: true,
      extraArgs: [
        "--tls-cert-file",
        join(dir, "redis.crt"),
        "--tls-key-file",
        join(dir, "redis.key"),
        "--tls-ca-cert-file",
        join(dir, "ca.crt"),
        "--tls-auth-clients",
        "no",
      ],
    });
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("serves calls over TLS with the server's CA, as in the README", async () => {
    expect(README).toContain(
      'const tls = { ...connection, tls: { ca: readFileSync("/etc/redis/ca.crt") } }; // rediss://',
    );
    const connection = { ...redis.connection, tls: { ca: readFileSync(join(dir, "ca.crt")) } };
    expect(await roundTrip(connection, "tls")).toBe("echoed");
  });

  it("serves the bin's calls over rediss:// with the CA in NODE_EXTRA_CA_CERTS, as in the README", async () => {
    expect(README).toContain(
      "NODE_EXTRA_CA_CERTS=/etc/redis/ca.crt TOOLKIT_QUEUE_SECRET=… npx @toolkit/queue --redis rediss://",
    );
    const child = spawn(
      process.execPath,
      [
        "--conditions=@toolkit/source",
        "--import",
        "tsx",
        BIN,
        "--think",
        "--queue",
        "tls-bin",
        "--redis",
        `rediss://127.0.0.1:${redis.port}`,
      ],
      {
        cwd: PACKAGE_DIR,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, TOOLKIT_QUEUE_SECRET: TEST_SECRET, NODE_EXTRA_CA_CERTS: join(dir, "ca.crt") },
      },
    );
    const exited = once(child, "exit");
    const connection = { ...redis.connection, tls: { ca: readFileSync(join(dir, "ca.crt")) } };
    const registry = await remoteRegistry({ connection, queue: "tls-bin", secret: TEST_SECRET });
    try {
      await waitFor(() => registry.contains("Think"), "the bin to advertise Think over TLS");
      const out = await registry.get("Think")?.call({ thought: "over tls" }, createToolContext());
      expect(out?.isError).toBe(false);
    } finally {
      await registry.close();
      child.kill("SIGTERM");
      expect((await exited)[0]).toBe(0);
    }
  });

  it("is refused by a client that does not trust the server's certificate", async () => {
    await expect(
      remoteRegistry({
        connection: { ...redis.connection, tls: {} },
        queue: "tls",
        secret: TEST_SECRET,
        connectTimeoutMs: 1500,
      }),
    ).rejects.toThrowError(
      new RegExp(`^remoteRegistry: queue unreachable at rediss://127\\.0\\.0\\.1:${redis.port} \\(`),
    );
  });
});
