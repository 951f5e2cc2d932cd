import { type ChainableCommander, Redis, type RedisOptions } from "ioredis";
import type { ConnectionOptions as BullConnection } from "bullmq";

/** Where Redis is: ioredis options (`{ host, port }`) or an ioredis client (its options are reused). */
export type QueueConnection = RedisOptions | Redis;

/** The ioredis options behind a connection option; throws a TypeError naming the field. */
export function connectionOptions(connection: QueueConnection, fn: string): RedisOptions {
  if (connection instanceof Redis) return { ...connection.options };
  if (connection === null || typeof connection !== "object") {
    throw new TypeError(
      `${fn}: \`connection\` must be ioredis options such as { host: "127.0.0.1", port: 6379 } or an ioredis client, got ${connection === null ? "null" : typeof connection}`,
    );
  }
  return { ...connection };
}

/** Where the options point, as a URL without credentials, for messages: `redis://127.0.0.1:6379`. */
export function redisAddress(options: RedisOptions): string {
  if (options.path) return `redis+unix://${options.path}`;
  return `${options.tls ? "rediss" : "redis"}://${options.host ?? "127.0.0.1"}:${options.port ?? 6379}`;
}

/** The error code of a connection failure (`ECONNREFUSED`), else its message. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code !== "") return code;
  return error instanceof Error ? error.message : String(error);
}

/** The reconnect delay after `attempt` failed attempts: 100 ms doubling up to 5 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** Math.max(0, attempt - 1), 5000);
}

/**
 * A fresh client for our own use (pub/sub, markers), which BullMQ may also
 * block on: `maxRetriesPerRequest: null` as BullMQ requires. `onRetry` hears
 * each failed connection attempt (the reason and the delay before the next),
 * unless the options bring their own `retryStrategy`.
 */
export function openRedis(
  options: RedisOptions,
  { onRetry }: { onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void } = {},
): Redis {
  let reason = "no reply";
  const client = new Redis({
    retryStrategy: (attempt: number) => {
      const delayMs = reconnectDelayMs(attempt);
      onRetry?.({ attempt, delayMs, reason });
      return delayMs;
    },
    ...options,
    maxRetriesPerRequest: null,
    lazyConnect: false,
  });
  // Errors surface through the calls that fail; an unhandled 'error' event would crash the process.
  client.on("error", (error: unknown) => {
    reason = errorCode(error);
  });
  return client;
}

/**
 * Closes a client without waiting on a Redis that is gone: QUIT when the
 * connection is up (pending replies arrive first), else a plain disconnect
 * (a QUIT would sit in the offline queue forever).
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}

/**
 * Sends a pipeline's commands in one write and returns their replies in
 * order (one round trip instead of one per command); throws the first
 * command's error. `T` is the tuple of the replies' types.
 */
export async function inOneTrip<T extends unknown[]>(pipeline: ChainableCommander): Promise<T> {
  const results = await pipeline.exec();
  if (!results) throw new Error("the Redis pipeline was discarded");
  return results.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  }) as T;
}

/** Checks the queue name the way BullMQ does, with our message. */
export function checkQueueName(queue: unknown, fn: string): string {
  if (typeof queue !== "string" || !/^[A-Za-z0-9._-]{1,100}$/.test(queue)) {
    throw new TypeError(
      `${fn}: \`queue\` must be a name of letters, digits, '.', '_' or '-' (1 to 100 characters), got ${JSON.stringify(queue)}`,
    );
  }
  return queue;
}

/**
 * The options as BullMQ's connection option, with `maxRetriesPerRequest: null`
 * (BullMQ's workers and event readers block). BullMQ types its own copy of
 * the ioredis options; the object is the same.
 */
export function bullConnection(options: RedisOptions): BullConnection {
  // BullMQ declares its own loose copy of ioredis' options (an index signature of any); the
  // objects are the same at run time, and a record of any is what that copy accepts.
  // biome-ignore lint/suspicious/noExplicitAny: the shape BullMQ's options type is declared with.
  const connection: Record<string, any> = { ...options, maxRetriesPerRequest: null };
  return connection;
}
