// Test-only: a real redis-server per test file, worker child processes, free ports. Not shipped.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The secret the tests' hosts and workers share (test-only; never a real one). */
export const TEST_SECRET = "toolkit-queue-tests-shared-secret";

/** True when `redis-server` is on PATH. */
export function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the Redis tests run: without `redis-server` they are skipped with
 * one printed line, except under CI=true where the suite fails instead.
 */
export function redisTestsEnabled(): boolean {
  if (hasRedisServer()) return true;
  if (process.env.CI === "true") {
    throw new Error(
      "redis-server is missing: install the Debian package redis-server (CI must run the queue tests)",
    );
  }
  console.log(
    "skipping @toolkit/queue Redis tests: redis-server is missing (install the Debian package redis-server)",
  );
  return false;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

/** A running redis-server with no persistence. */
export interface TestRedis {
  readonly port: number;
  readonly connection: { host: string; port: number };
  stop(): Promise<void>;
  /** Stops and starts again on the same port (all data lost). */
  restart(): Promise<void>;
}

/**
 * Starts redis-server on a free port and waits until it accepts connections.
 * `tls`: the free port is the TLS port (`--tls-port`) and plain TCP is off;
 * `extraArgs` go after ours (ACL users, TLS files); `port` picks the port.
 */
export async function startRedis({
  tls = false,
  extraArgs = [],
  port: wanted,
}: {
  tls?: boolean;
  extraArgs?: readonly string[];
  port?: number;
} = {}): Promise<TestRedis> {
  const port = wanted ?? (await freePort());
  let child: ChildProcess | undefined;
  const ports = tls ? ["--port", "0", "--tls-port", String(port)] : ["--port", String(port)];
  const start = async (): Promise<void> => {
    const proc = spawn(
      "redis-server",
      [...ports, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...extraArgs],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = proc;
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        out += chunk.toString();
        if (out.includes("Ready to accept connections")) resolve();
      };
      proc.stdout?.on("data", onData);
      proc.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
    proc.stdout?.removeAllListeners("data");
    proc.stdout?.resume();
  };
  const stop = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    proc.kill("SIGKILL");
    await once(proc, "exit");
  };
  await start();
  return {
    port,
    connection: { host: "127.0.0.1", port },
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}

const WORKER_ENTRY = fileURLToPath(new URL("./test-worker-main.ts", import.meta.url));
/** The package root, where `tsx` resolves from. */
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** What a test worker process serves. */
export interface TestWorkerSpec {
  port: number;
  queue: string;
  /** Tool sets from test-tools.ts, e.g. ["echo", "append"]. */
  tools: readonly string[];
  /** Where tools append the call ids they run. */
  logFile: string;
  concurrency?: number;
  workerId?: string;
  /** Short lock and stalled-check intervals for kill tests. */
  fastStall?: boolean;
  limiter?: { max: number; durationMs: number };
  /** The worker's secret. @default TEST_SECRET */
  secret?: string;
  /** How long a session's context is kept after its last call. */
  sessionIdleMs?: number;
}

/** A worker child process. */
export interface TestWorkerProcess {
  readonly child: ChildProcess;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful close), and wait for the exit. */
  stop(): Promise<void>;
}

/** Starts a worker in a child process (`node --import tsx`) and waits for its "ready" line. */
export async function startWorkerProcess(spec: TestWorkerSpec): Promise<TestWorkerProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=@toolkit/source", "--import", "tsx", WORKER_ENTRY, JSON.stringify(spec)],
    { stdio: ["ignore", "pipe", "inherit"], cwd: PACKAGE_DIR },
  );
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("ready\n")) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`test worker exited with ${code} before it was ready: ${out}`)),
    );
  });
  child.removeAllListeners("exit");
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
  };
  return { child, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}
