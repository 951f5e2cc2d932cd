// Test-only entry: a worker process for the tests (spec as JSON in argv[2]).
import { ToolRegistry } from "@toolkit/registry";
import { startToolWorker } from "../worker/start-tool-worker.js";
import { TEST_SECRET, type TestWorkerSpec } from "./test-redis.js";
import { testTools } from "./test-tools.js";

const spec = JSON.parse(process.argv[2] ?? "{}") as TestWorkerSpec;
const registry = new ToolRegistry();
for (const tool of testTools(spec.tools, spec.logFile)) registry.register(tool);
const worker = await startToolWorker({
  registry,
  connection: { host: "127.0.0.1", port: spec.port },
  queue: spec.queue,
  secret: spec.secret ?? TEST_SECRET,
  ...(spec.sessionIdleMs ? { sessionIdleMs: spec.sessionIdleMs } : {}),
  concurrency: spec.concurrency ?? 4,
  ...(spec.workerId ? { workerId: spec.workerId } : {}),
  ...(spec.limiter ? { limiter: spec.limiter } : {}),
  ...(spec.fastStall ? { lockDurationMs: 1000, stalledIntervalMs: 500, heartbeatMs: 1000 } : {}),
});
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});
