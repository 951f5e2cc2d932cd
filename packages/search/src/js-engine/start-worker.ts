import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ScanSettings } from "./scan-file.js";

/**
 * Starts a scan worker. Built code runs `grep-worker.js` beside it; from the
 * TypeScript sources (tests), the worker loads `grep-worker.ts` through tsx.
 */
export function startWorker(settings: ScanSettings): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./grep-worker.js", here), { workerData: settings });
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api")).href;
  const entry = new URL("./grep-worker.ts", here).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: settings });
}
