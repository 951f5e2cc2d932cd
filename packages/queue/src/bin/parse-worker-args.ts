import { parseArgs } from "node:util";
import { chosenFamilies, familyFlagOptions, familyUsage } from "@toolkit/registry/families";

/** A tool family the worker can serve. */
export type WorkerFamily = "fs" | "search" | "shell";

/** The family flags, in the order their tools are registered. */
const WORKER_FAMILIES: readonly WorkerFamily[] = ["fs", "search", "shell"];

/** What `toolkit-worker` was asked to do. */
export type WorkerCommand =
  | { kind: "help" }
  | {
      kind: "serve";
      families: WorkerFamily[];
      think: boolean;
      root: string;
      queue: string;
      redisUrl: string;
      concurrency: number;
      /** Serve without TOOLKIT_QUEUE_SECRET: nothing signed or checked. */
      insecure: boolean;
    };

/** The usage text `--help` prints. */
export const WORKER_USAGE = `Usage: toolkit-worker [--fs] [--search] [--shell] [--think] [--root DIR] [--queue NAME] [--redis URL] [--concurrency N] [--insecure]

Serves Toolkit's built-in tool families to hosts through a BullMQ queue on Redis.
Jobs and answers are signed with the secret in $TOOLKIT_QUEUE_SECRET, shared with the hosts.

${familyUsage(WORKER_FAMILIES, { flagWidth: 18, toolsWidth: 43 })}
  --think           Think
  --root DIR        the workspace every tool stays inside (default: the current directory)
  --queue NAME      the queue hosts send to (default: toolkit)
  --redis URL       where Redis is (default: $REDIS_URL or redis://127.0.0.1:6379)
  --concurrency N   calls run at once (default: 4)
  --insecure        serve without $TOOLKIT_QUEUE_SECRET: anyone who can write to Redis can run the tools
  --help            print this text`;

/** A command line the bin cannot run; the message says what to fix. */
export class WorkerUsageError extends Error {
  override readonly name = "WorkerUsageError";
}

/** Parses the bin's arguments (pure). Throws a WorkerUsageError for a bad flag or value. */
export function parseWorkerArgs({
  argv,
  cwd,
  env,
}: {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}): WorkerCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...familyFlagOptions(WORKER_FAMILIES),
        think: { type: "boolean" },
        root: { type: "string" },
        queue: { type: "string" },
        redis: { type: "string" },
        concurrency: { type: "string" },
        insecure: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new WorkerUsageError(
      `${error instanceof Error ? error.message : String(error)}\n\n${WORKER_USAGE}`,
    );
  }
  if (values.help) return { kind: "help" };
  const families = chosenFamilies(WORKER_FAMILIES, values);
  const think = values.think === true;
  if (families.length === 0 && !think) {
    throw new WorkerUsageError(
      `choose the tools to serve: --fs, --search, --shell and/or --think\n\n${WORKER_USAGE}`,
    );
  }
  const root = typeof values.root === "string" ? values.root : cwd;
  if (root === "") throw new WorkerUsageError("--root needs a directory");
  const queue = typeof values.queue === "string" ? values.queue : "toolkit";
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(queue)) {
    throw new WorkerUsageError(
      `--queue must be letters, digits, '.', '_' or '-', got ${JSON.stringify(queue)}`,
    );
  }
  const redisUrl =
    typeof values.redis === "string" ? values.redis : (env.REDIS_URL ?? "redis://127.0.0.1:6379");
  if (!/^rediss?:\/\//.test(redisUrl)) {
    throw new WorkerUsageError(
      `--redis must be a redis:// or rediss:// URL, got ${JSON.stringify(redisUrl)}`,
    );
  }
  const rawConcurrency = typeof values.concurrency === "string" ? values.concurrency : "4";
  const concurrency = Number(rawConcurrency);
  if (!/^\d+$/.test(rawConcurrency) || concurrency < 1) {
    throw new WorkerUsageError(
      `--concurrency must be a positive integer, got ${JSON.stringify(rawConcurrency)}`,
    );
  }
  return {
    kind: "serve",
    families,
    think,
    root,
    queue,
    redisUrl,
    concurrency,
    insecure: values.insecure === true,
  };
}
