import { randomUUID } from "node:crypto";
import { type Tool, type ToolOutput, toolTraits } from "@toolkit/core";
import type { DispatchCall, Middleware } from "@toolkit/registry";
import { checkQueueName, connectionOptions, type QueueConnection } from "../shared/connection.js";
import { activeTraceparent } from "../shared/trace-context.js";
import { wireContext } from "../wire/wire-call.js";
import { createRemoteClient, type RemoteClient } from "./remote-client.js";
import { createSessionLimiter } from "./session-limiter.js";

/** Options for `remoteTools`. */
export interface RemoteToolsOptions {
  /** Redis: ioredis options (`{ host, port }`) or an ioredis client. */
  connection: QueueConnection;
  /** The queue the workers serve. */
  queue: string;
  /** Only these tool names go to the queue; others run locally. @default every call */
  names?: readonly string[];
  /** How long to wait for a worker's answer before the call fails. @default no limit */
  timeoutMs?: number;
  /** Calls of one session on the queue at once; more wait their turn on the host. @default no limit */
  maxPerSession?: number;
}

/** The middleware, plus `close()` to release its Redis connections. */
export type RemoteToolsMiddleware = Middleware & { close(): Promise<void> };

/**
 * A middleware that sends each matching call to a BullMQ queue instead of
 * running it locally and answers with the worker's ToolOutput. The job id is
 * `<sessionId>:<callId>:v1`, so the same call sent twice runs once;
 * idempotent tools get 3 attempts with backoff, others 1. A cancelled
 * `ctx.signal` aborts the call on the worker (or removes it before a worker
 * takes it).
 *
 * @example
 * const remote = remoteTools({ connection: { host: "127.0.0.1", port: 6379 }, queue: "tools" });
 * await dispatch(registry, calls, { middleware: [remote] });
 * await remote.close();
 */
export function remoteTools(options: RemoteToolsOptions): RemoteToolsMiddleware {
  const fn = "remoteTools";
  const queue = checkQueueName(options.queue, fn);
  const redisOptions = connectionOptions(options.connection, fn);
  const { names, timeoutMs, maxPerSession } = options;
  if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== "string"))) {
    throw new TypeError(`${fn}: \`names\` must be an array of tool names, got ${JSON.stringify(names)}`);
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(
      `${fn}: \`timeoutMs\` must be a positive number of milliseconds, got ${JSON.stringify(timeoutMs)}`,
    );
  }
  const only = names === undefined ? undefined : new Set(names);
  const limiter = createSessionLimiter(maxPerSession, fn);
  let client: Promise<RemoteClient> | undefined;
  const getClient = (): Promise<RemoteClient> => {
    client ??= createRemoteClient({ redisOptions, queue });
    return client;
  };

  const middleware = async function remoteToolsMiddleware(call: DispatchCall, next) {
    if (call.rejection || (only && !only.has(call.name))) return next(call);
    const remote = await getClient();
    return limiter.run(call.ctx.sessionId, call.ctx.signal, () =>
      sendCall(remote, call, call.tool, timeoutMs),
    );
  } as RemoteToolsMiddleware;
  middleware.close = async () => {
    if (client) await (await client).close();
  };
  return middleware;
}

/** Sends one call with the traits of `tool` (idempotency picks the attempts). */
export function sendCall(
  remote: RemoteClient,
  call: Pick<DispatchCall, "id" | "name" | "input" | "ctx">,
  tool: Tool | undefined,
  timeoutMs: number | undefined,
): Promise<ToolOutput> {
  const traceparent = activeTraceparent();
  const deadlineMs = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  return remote.send({
    call: {
      id: call.id || randomUUID(),
      name: call.name,
      input: call.input,
      ctx: wireContext(call.ctx, deadlineMs),
      ...(traceparent ? { traceparent } : {}),
    },
    idempotent: tool ? toolTraits(tool).isIdempotent : undefined,
    signal: call.ctx.signal,
    timeoutMs,
  });
}
