import { randomUUID } from "node:crypto";
import { type Tool, ToolError, type ToolOutput, type ToolProgress, toolTraits } from "@toolkit/core";
import type { DispatchCall, Middleware, RegistryLogger } from "@toolkit/registry";
import { checkQueueName, connectionOptions, type QueueConnection } from "../shared/connection.js";
import { type QueueAuthOptions, queueAuth } from "../shared/queue-auth.js";
import { activeTraceparent } from "../shared/trace-context.js";
import { QueueUnreachableError } from "../shared/wait-ready.js";
import { wireContext } from "../wire/wire-call.js";
import { noWorkerAdvice } from "./no-worker-advice.js";
import { createRemoteClient, type RemoteClient } from "./remote-client.js";
import { createSessionLimiter } from "./session-limiter.js";

/** Options for `remoteTools`. */
export interface RemoteToolsOptions extends QueueAuthOptions {
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
  /** How long to wait for Redis when connecting before a call fails as unreachable. @default timeoutMs, else 10000 */
  connectTimeoutMs?: number;
  /** Where refused (forged or mismatched) answers are reported. @default console */
  logger?: RegistryLogger;
}

/**
 * The middleware, plus `endSession(sessionId)` (the workers dispose of the
 * session's contexts: its background jobs, temp folder and spill files) and
 * `close()` to release its Redis connections.
 */
export type RemoteToolsMiddleware = Middleware & {
  endSession(sessionId: string): Promise<void>;
  close(): Promise<void>;
};

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
  const { names, timeoutMs, maxPerSession, logger = console } = options;
  const auth = queueAuth(options, fn, { warn: (m) => logger.warn(m) });
  if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== "string"))) {
    throw new TypeError(`${fn}: \`names\` must be an array of tool names, got ${JSON.stringify(names)}`);
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(
      `${fn}: \`timeoutMs\` must be a positive number of milliseconds, got ${JSON.stringify(timeoutMs)}`,
    );
  }
  const connectTimeoutMs = checkConnectTimeout(options.connectTimeoutMs, timeoutMs, fn);
  const only = names === undefined ? undefined : new Set(names);
  const limiter = createSessionLimiter(maxPerSession, fn);
  let client: Promise<RemoteClient> | undefined;
  const getClient = (): Promise<RemoteClient> => {
    if (client) return client;
    const made = createRemoteClient({ redisOptions, queue, auth, logger, connectTimeoutMs, fn });
    client = made;
    // A failed connection is tried again by the next call.
    made.catch(() => {
      if (client === made) client = undefined;
    });
    return made;
  };

  const middleware = async function remoteToolsMiddleware(call: DispatchCall, next) {
    if (only && !only.has(call.name)) return next(call);
    if (call.rejection) {
      // The host's registry has no such tool: say that no worker has registered it yet, and how to start one.
      if (
        call.rejection.kind === "NotFound" &&
        !call.tool &&
        call.rejection.message.startsWith("Tool not found:")
      ) {
        return new ToolError("NotFound", call.rejection.message, {
          advice: noWorkerAdvice(queue, call.name),
        }).toOutput();
      }
      return next(call);
    }
    let remote: RemoteClient;
    try {
      remote = await getClient();
    } catch (error) {
      if (error instanceof QueueUnreachableError) return error.toToolError().toOutput();
      throw error;
    }
    return limiter.run(call.ctx.sessionId, call.ctx.signal, () =>
      sendCall(remote, call, call.tool, timeoutMs),
    );
  } as RemoteToolsMiddleware;
  middleware.endSession = async (sessionId) => {
    await (await getClient()).endSession(sessionId);
  };
  middleware.close = async () => {
    const open = client;
    client = undefined;
    if (open) await (await open.catch(() => undefined))?.close();
  };
  return middleware;
}

/** The connect timeout: the option, else the call timeout, else 10 s. Throws a TypeError for a bad one. */
export function checkConnectTimeout(value: unknown, timeoutMs: number | undefined, fn: string): number {
  if (value === undefined) return timeoutMs ?? 10_000;
  if (typeof value !== "number" || !(Number.isFinite(value) && value > 0)) {
    throw new TypeError(
      `${fn}: \`connectTimeoutMs\` must be a positive number of milliseconds, got ${JSON.stringify(value)}`,
    );
  }
  return value;
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
    ...(call.ctx.hasProgressListener
      ? { onProgress: (update: ToolProgress) => call.ctx.progress(update) }
      : {}),
  });
}
