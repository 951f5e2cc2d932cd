import { randomUUID } from "node:crypto";
import type { Middleware, RegistryLogger, ToolRegistry } from "@toolkit/registry";
import { Worker } from "bullmq";
import {
  bullConnection,
  checkQueueName,
  closeRedis,
  connectionOptions,
  openRedis,
  type QueueConnection,
  redisAddress,
} from "../shared/connection.js";
import { queueKeys } from "../shared/keys.js";
import { type QueueAuthOptions, queueAuth } from "../shared/queue-auth.js";
import { encodeOutput } from "../wire/wire-output.js";
import { advertiseSurface } from "./advertise-surface.js";
import { type CallJobData, createJobRunner, failedJobOutput, publishAnswer } from "./run-job.js";
import { sessionContexts } from "./session-contexts.js";

const STALL = /stalled more than allowable limit/;

/** Options for `startToolWorker`. */
export interface ToolWorkerOptions extends QueueAuthOptions {
  /** The tools this worker runs (and advertises). */
  registry: ToolRegistry;
  /** Redis: ioredis options (`{ host, port }`) or an ioredis client. */
  connection: QueueConnection;
  /** The queue name shared with the hosts. */
  queue: string;
  /** Calls run at once by this worker. @default 1 */
  concurrency?: number;
  /** Middleware around every call on the worker, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** Queue-wide rate limit (BullMQ's limiter): at most `max` calls per `durationMs`. @default none */
  limiter?: { max: number; durationMs: number };
  /** How long a call's lock lasts before another worker may take it for a dead one. @default 30000 */
  lockDurationMs?: number;
  /** How often this worker looks for calls whose worker died. @default 30000 */
  stalledIntervalMs?: number;
  /** Times an idempotent call is run again after its worker died. @default 2 */
  maxStalledCount?: number;
  /** How often the worker refreshes its advertised surface in Redis. @default 10000 */
  heartbeatMs?: number;
  /** This worker's id in the advertised surfaces. @default a random uuid */
  workerId?: string;
  /**
   * How long a session's context (its background jobs, temp folder and spill
   * files) is kept after its last call, unless the host ends the session
   * first. @default 600000 (10 minutes)
   */
  sessionIdleMs?: number;
  /** Where refused jobs, forged messages and failed connection attempts are reported. @default console */
  logger?: RegistryLogger;
}

/** A running worker. */
export interface ToolWorker {
  /** This worker's id in the advertised surfaces. */
  readonly id: string;
  /** The BullMQ queue it takes calls from: `<queue>.<hash of its tool names>`, shared by workers with the same tools. */
  readonly pool: string;
  /** Stops taking calls, lets running calls finish, disposes the sessions' contexts, withdraws the surface and disconnects. */
  close(): Promise<void>;
}

/**
 * Serves a registry's tools from a BullMQ queue: takes calls sent by
 * `remoteTools` or a `remoteRegistry`, runs them through `dispatch` and
 * answers with the ToolOutput; advertises the registry's surface in Redis.
 *
 * @example
 * const worker = await startToolWorker({ registry, connection: { host: "127.0.0.1", port: 6379 }, queue: "tools" });
 * process.once("SIGTERM", () => void worker.close());
 */
export async function startToolWorker(options: ToolWorkerOptions): Promise<ToolWorker> {
  const {
    registry,
    queue,
    concurrency = 1,
    middleware = [],
    limiter,
    lockDurationMs = 30_000,
    stalledIntervalMs = 30_000,
    maxStalledCount = 2,
    heartbeatMs = 10_000,
    workerId = randomUUID(),
    sessionIdleMs = 600_000,
    logger = console,
  } = options;
  const fn = "startToolWorker";
  const auth = queueAuth(options, fn, { warn: (m) => logger.warn(m) });
  if (registry === null || typeof registry !== "object" || typeof registry.get !== "function") {
    throw new TypeError(`${fn}: \`registry\` must be a ToolRegistry`);
  }
  checkQueueName(queue, fn);
  const redisOptions = connectionOptions(options.connection, fn);
  for (const [name, value] of Object.entries({
    concurrency,
    lockDurationMs,
    stalledIntervalMs,
    heartbeatMs,
    sessionIdleMs,
  })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`${fn}: \`${name}\` must be a positive integer, got ${JSON.stringify(value)}`);
    }
  }
  if (!Number.isInteger(maxStalledCount) || maxStalledCount < 0) {
    throw new TypeError(
      `${fn}: \`maxStalledCount\` must be a whole number, got ${JSON.stringify(maxStalledCount)}`,
    );
  }
  if (
    limiter !== undefined &&
    !(Number.isInteger(limiter.max) && limiter.max > 0 && limiter.durationMs > 0)
  ) {
    throw new TypeError(
      `${fn}: \`limiter\` must be { max, durationMs } with positive numbers, got ${JSON.stringify(limiter)}`,
    );
  }

  const keys = queueKeys(queue);
  const address = redisAddress(redisOptions);
  const commands = openRedis(redisOptions, {
    onRetry: ({ attempt, delayMs, reason }) =>
      logger.warn(
        `${fn}: cannot reach Redis at ${address} (${reason}), attempt ${attempt}; trying again in ${delayMs} ms`,
      ),
  });
  const subscriber = openRedis(redisOptions);
  const pool = keys.pool(registry.toolNames());
  const contexts = sessionContexts({
    idleMs: sessionIdleMs,
    onError: (sessionId, error) =>
      logger.warn(`${fn}: disposing of session ${sessionId}'s context failed: ${String(error)}`),
  });
  const runner = createJobRunner({
    registry,
    middleware,
    commands,
    keys,
    workerId,
    auth,
    contexts,
    logger,
    pool,
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (channel === keys.cancelChannel) runner.cancel(message);
    else if (channel === keys.endSessionChannel) {
      const cut = message.indexOf("\n");
      const sessionId = message.slice(0, cut);
      if (cut > 0 && auth.verify(message.slice(cut + 1), "end-session", sessionId))
        void contexts.end(sessionId);
      else logger.warn(`${fn}: ignored an end of session with a wrong signature`);
    }
  });
  await subscriber.subscribe(keys.cancelChannel, keys.endSessionChannel);
  const worker = new Worker<CallJobData, string>(pool, (job) => runner.run(job), {
    connection: bullConnection(redisOptions),
    concurrency,
    lockDuration: lockDurationMs,
    stalledInterval: stalledIntervalMs,
    maxStalledCount,
    ...(limiter ? { limiter: { max: limiter.max, duration: limiter.durationMs } } : {}),
  });
  // Connection errors are retried by ioredis; an unhandled 'error' event would crash the process.
  worker.on("error", () => {});
  worker.on("failed", (job, error) => {
    // A refused job is never answered: nobody who can check an answer sent it.
    if (!job || error.name === "RefusedJobError") return;
    const final = STALL.test(error.message) || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final) return;
    const encoded = encodeOutput(failedJobOutput(job, error.message));
    void publishAnswer(commands, keys, auth, job.id ?? "", encoded).catch(() => {});
  });
  await worker.waitUntilReady();
  const surface = await advertiseSurface({
    registry,
    commands,
    keys,
    workerId,
    heartbeatMs,
    pool,
    auth,
  });

  let closing: Promise<void> | undefined;
  return {
    id: workerId,
    pool,
    close() {
      closing ??= (async () => {
        // With Redis gone, the withdrawal and a graceful close would wait for it forever: the surface
        // expires by itself, and the running calls cannot report back anyway.
        const up = commands.status === "ready";
        if (up) await surface.withdraw().catch(() => {});
        else surface.stop();
        await worker.close(!up);
        await contexts.close();
        await closeRedis(subscriber);
        await closeRedis(commands);
      })();
      return closing;
    },
  };
}
