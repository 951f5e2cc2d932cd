import { parentPort, workerData } from "node:worker_threads";
import { fileScanner, type ScanSettings } from "./scan-file.js";
import type { WorkerReply, WorkerTask } from "./worker-protocol.js";

// Worker thread of the JS engine: scans the files it is sent and replies per batch.
const scanner = fileScanner(workerData as ScanSettings);
parentPort?.on("message", (task: WorkerTask) => {
  const reply: WorkerReply = { id: task.id, outcomes: task.paths.map((p) => scanner.scan(p)) };
  parentPort?.postMessage(reply);
});
