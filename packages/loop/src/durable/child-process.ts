// Test helper (not shipped): runs durable.child.ts in a fresh Node process.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ChildJob } from "./durable.child.js";

const tsx = createRequire(import.meta.url).resolve("tsx");

/** The child's exit code, stdout and stderr. */
export interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts the child; `onStdout` sees its output as it comes. */
export function startChild(job: ChildJob): {
  pid: number | undefined;
  kill: (s: NodeJS.Signals) => void;
  done: Promise<ChildOutcome>;
} {
  const child = spawn(
    process.execPath,
    ["--import", tsx, join(import.meta.dirname, "durable.child.ts"), JSON.stringify(job)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<ChildOutcome>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { pid: child.pid, kill: (s) => child.kill(s), done };
}

/** Runs the child to its end. */
export function runChild(job: ChildJob): Promise<ChildOutcome> {
  return startChild(job).done;
}
