import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, type TransferListItem, Worker } from "node:worker_threads";
import type { ConvertJob } from "./worker-protocol.js";

/**
 * Starts a conversion worker for one job. Built code runs
 * `convert-worker.js` beside the bundle (its own tsup entry); from the
 * TypeScript sources (tests), the worker loads `convert-worker.ts` through tsx.
 */
export function startConvertWorker(job: ConvertJob, resourceLimits: ResourceLimits): Worker {
  const here = import.meta.url;
  // The bytes move to the worker rather than being copied. The host's own
  // Node flags (`--input-type`, loaders) are not the worker's business.
  const options = {
    execArgv: [],
    workerData: job,
    transferList: [job.bytes.buffer as TransferListItem],
    resourceLimits,
    stdout: true,
    stderr: true,
  };
  if (!here.endsWith(".ts")) return new Worker(new URL("./convert-worker.js", here), options);
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api")).href;
  const entry = new URL("./convert-worker.ts", here).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
