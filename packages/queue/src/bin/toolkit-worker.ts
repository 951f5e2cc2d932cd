#!/usr/bin/env node
// The toolkit-worker bin: serves the built-in tool families from a BullMQ queue (see README.md).
import { Think, Workspace } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { startToolWorker } from "../worker/start-tool-worker.js";
import { loadWorkerFamilies } from "./load-worker-families.js";
import { parseWorkerArgs, WORKER_USAGE, WorkerUsageError } from "./parse-worker-args.js";

try {
  const command = parseWorkerArgs({ argv: process.argv.slice(2), cwd: process.cwd(), env: process.env });
  if (command.kind === "help") {
    process.stdout.write(`${WORKER_USAGE}\n`);
  } else {
    const workspace = new Workspace({ root: command.root });
    const registry = new ToolRegistry();
    for (const tool of await loadWorkerFamilies(command.families, workspace)) registry.register(tool);
    if (command.think) registry.register(new Think());
    const url = new URL(command.redisUrl);
    const worker = await startToolWorker({
      registry,
      connection: {
        host: url.hostname,
        port: Number(url.port || 6379),
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
        ...(url.protocol === "rediss:" ? { tls: {} } : {}),
      },
      queue: command.queue,
      concurrency: command.concurrency,
      ...(command.insecure ? { insecure: true } : {}),
      logger: { warn: (message) => void process.stderr.write(`toolkit-worker: ${message}\n`) },
    });
    process.stderr.write(
      `toolkit-worker: serving ${registry.toolNames().join(", ")} on queue '${command.queue}' at ${url.host} (pool ${worker.pool})\n`,
    );
    const stop = (): void => {
      void worker.close().then(() => process.exit(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  }
} catch (error) {
  process.stderr.write(`toolkit-worker: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof WorkerUsageError ? 2 : 1;
}
