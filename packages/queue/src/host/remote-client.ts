import { sanitizeProgress, ToolError, ToolOutput, type ToolProgress } from "@toolkit/core";
import type { RegistryLogger } from "@toolkit/registry";
import { Queue } from "bullmq";
import type { Redis, RedisOptions } from "ioredis";
import { closeRedis, errorCode, openRedis, redisAddress } from "../shared/connection.js";
import { jobIdFor, KEEP_SECONDS, queueKeys } from "../shared/keys.js";
import type { QueueAuth } from "../shared/queue-auth.js";
import { type SurfaceWatcher, watchSurfaces } from "../shared/surface-watcher.js";
import { QueueUnreachableError, waitReady } from "../shared/wait-ready.js";
import { openAnswer } from "../wire/signed-answer.js";
import { openProgress } from "../wire/signed-progress.js";
import { encodeCall, type WireCall } from "../wire/wire-call.js";
import { decodeOutput } from "../wire/wire-output.js";
import type { CallJobData } from "../worker/check-job.js";
import { noWorkerAdvice } from "./no-worker-advice.js";

/** One call to send. */
export interface RemoteCallRequest {
  readonly call: Omit<WireCall, "v">;
  /** Undefined: use what the worker advertised. */
  readonly idempotent: boolean | undefined;
  readonly signal: AbortSignal;
  /** Undefined: wait as long as it takes. */
  readonly timeoutMs: number | undefined;
  /** Receives the call's progress from the worker, in order, before the answer (then the call carries `progress: true`). */
  readonly onProgress?: ((update: ToolProgress) => void) | undefined;
}

/** Sends calls to the workers of a queue and waits for their answers. */
export interface RemoteClient {
  readonly surfaces: SurfaceWatcher;
  send(request: RemoteCallRequest): Promise<ToolOutput>;
  /** Tells the workers to dispose of the session's contexts (its background jobs, temp folder, spill files). */
  endSession(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

/** The soft failure for calls in flight when the connection to Redis drops. */
export function connectionLostOutput(name: string, callId: string): ToolOutput {
  return ToolOutput.errorText(
    `Tool '${name}' did not answer: the connection to Redis was lost while call ${callId} was queued or running, so it may or may not have taken effect. Try again once Redis is back.`,
  );
}

/**
 * A client for one queue name: follows the advertised surfaces to route each
 * call to the pool serving its tool, adds signed jobs there, hears answers on
 * the answer channel (accepting only those signed for the job, whose id is
 * the digest of the question), and cancels through the cancel channel.
 * Throws a QueueUnreachableError when Redis is not ready within
 * `connectTimeoutMs`.
 */
export async function createRemoteClient({
  redisOptions,
  queue,
  refreshMs = 5000,
  auth,
  logger,
  connectTimeoutMs,
  fn,
}: {
  redisOptions: RedisOptions;
  queue: string;
  refreshMs?: number;
  auth: QueueAuth;
  logger: RegistryLogger;
  connectTimeoutMs: number;
  /** The public function, for log lines. */
  fn: string;
}): Promise<RemoteClient> {
  const keys = queueKeys(queue);
  const address = redisAddress(redisOptions);
  const commands: Redis = openRedis(redisOptions);
  const subscriber: Redis = openRedis(redisOptions);
  let lastError = "no reply";
  commands.on("error", (error: unknown) => {
    lastError = errorCode(error);
  });
  try {
    await Promise.all([
      waitReady(commands, address, connectTimeoutMs),
      waitReady(subscriber, address, connectTimeoutMs),
    ]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw error;
  }
  const producers = new Map<string, Queue<CallJobData, string>>();
  const pending = new Map<string, (output: ToolOutput) => void>();
  const inflight = new Map<string, Promise<ToolOutput>>();
  const names = new Map<string, { name: string; callId: string }>();
  /** The progress listener of each waiting call that has one, and the last sequence number it got. */
  const listeners = new Map<string, { onProgress: (update: ToolProgress) => void; seq: number }>();
  /** Job ids sent to a pool and not answered yet: what a lost connection may have lost. */
  const queued = new Set<string>();

  subscriber.on("message", (channel: string, message: string) => {
    if (channel === keys.progressChannel) {
      heardProgress(message);
      return;
    }
    if (channel !== keys.answerChannel) return;
    const cut = message.indexOf("\n");
    const jobId = message.slice(0, cut);
    const settle = pending.get(jobId);
    if (!settle) return;
    const encoded = openAnswer(auth, jobId, message.slice(cut + 1));
    if (encoded === undefined) {
      refused(jobId, "published");
      return;
    }
    try {
      settle(decodeOutput(encoded));
    } catch (error) {
      settle(ToolOutput.errorText(`the worker's answer could not be read: ${String(error)}`));
    }
  });
  // Jobs are not persisted across a Redis restart: every call in flight is answered now.
  subscriber.on("close", () => {
    for (const [jobId, settle] of [...pending]) {
      // A call still waiting for Redis to come back was never queued: its own timeout answers it.
      if (!queued.has(jobId)) continue;
      const n = names.get(jobId);
      settle(connectionLostOutput(n?.name ?? "?", n?.callId ?? jobId));
    }
  });
  /** Hands a progress message to its call's listener: signed for the job, and newer than the last one. */
  const heardProgress = (message: string): void => {
    const jobId = message.slice(0, message.indexOf("\n"));
    const listener = listeners.get(jobId);
    if (!listener) return;
    const opened = openProgress(auth, message);
    if (opened === undefined) {
      const n = names.get(jobId);
      logger.warn(
        `${fn}: ignored a progress message for call ${n?.callId ?? "?"} to '${n?.name ?? "?"}' on queue '${queue}' (job ${jobId}): its signature is wrong or it does not parse`,
      );
      return;
    }
    if (opened.seq <= listener.seq) return;
    listener.seq = opened.seq;
    // Only the fields of a progress update, of the right types, get through.
    const update = sanitizeProgress(opened.update);
    if (update !== undefined) listener.onProgress(update);
  };
  /** Logs an answer whose signature is wrong; the call keeps waiting for the real one (or its timeout). */
  const refused = (jobId: string, where: string): void => {
    const n = names.get(jobId);
    logger.warn(
      `${fn}: refused an answer ${where} for call ${n?.callId ?? "?"} to '${n?.name ?? "?"}' on queue '${queue}' (job ${jobId}): its signature is wrong (forged, altered, or signed with another secret); still waiting for the worker's answer`,
    );
  };
  await subscriber.subscribe(keys.answerChannel, keys.progressChannel);
  const surfaces = await watchSurfaces({
    commands,
    subscriber,
    keys,
    refreshMs,
    auth,
    onRefused: (workerId) =>
      logger.warn(
        `${fn}: ignored the tools advertised on queue '${queue}' by worker ${workerId}: their signature is wrong (a worker with another secret, or another program); no call goes to it`,
      ),
  });

  const producer = (pool: string): Queue<CallJobData, string> => {
    let q = producers.get(pool);
    if (!q) {
      // Our own client, shared: BullMQ leaves it open on close, and we can drop it when Redis is gone.
      q = new Queue<CallJobData, string>(pool, { connection: commands });
      q.on("error", () => {});
      producers.set(pool, q);
    }
    return q;
  };

  const cancel = async (jobId: string, pool: string | undefined): Promise<void> => {
    const sig = auth.sign("cancel", jobId);
    await commands.set(keys.cancelled(jobId), sig, "EX", KEEP_SECONDS);
    await commands.publish(keys.cancelChannel, `${jobId}\n${sig}`);
    // A job still waiting is removed outright; a running one is locked and stays.
    if (pool)
      await producer(pool)
        .remove(jobId)
        .catch(() => 0);
  };

  const sendOnce = (
    jobId: string,
    text: string,
    { call, idempotent, signal, timeoutMs, onProgress }: RemoteCallRequest,
  ): Promise<ToolOutput> =>
    new Promise<ToolOutput>((resolve) => {
      if (signal.aborted) {
        resolve(ToolError.cancelled().toOutput());
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let pool: string | undefined;
      const finish = (output: ToolOutput): void => {
        if (pending.get(jobId) !== finish) return;
        pending.delete(jobId);
        names.delete(jobId);
        listeners.delete(jobId);
        queued.delete(jobId);
        if (timer) clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        resolve(output);
      };
      const onAbort = (): void => {
        void cancel(jobId, pool).catch(() => {});
        finish(ToolError.cancelled().toOutput());
      };
      pending.set(jobId, finish);
      names.set(jobId, { name: call.name, callId: call.id });
      if (onProgress) listeners.set(jobId, { onProgress, seq: 0 });
      signal.addEventListener("abort", onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          if (commands.status !== "ready") {
            // Nothing reached a worker, or Redis went away since: say so, not "timed out".
            finish(new QueueUnreachableError(address, lastError, timeoutMs).toToolError().toOutput());
            return;
          }
          void cancel(jobId, pool).catch(() => {});
          finish(
            ToolOutput.errorText(
              `Tool '${call.name}' timed out after ${timeoutMs} ms on queue '${queue}' (call ${call.id}); it was cancelled and may or may not have taken effect.`,
            ),
          );
        }, timeoutMs);
      }
      const enqueue = async (): Promise<ToolOutput | undefined> => {
        // Redis went away since the client connected: wait for it as long as the call may wait.
        if (commands.status !== "ready") {
          try {
            await waitReady(commands, address, timeoutMs ?? connectTimeoutMs);
          } catch (error) {
            if (error instanceof QueueUnreachableError) return error.toToolError().toOutput();
            throw error;
          }
        }
        let served = surfaces.current().get(call.name);
        if (!served) {
          await surfaces.reload();
          served = surfaces.current().get(call.name);
        }
        if (!served) {
          return ToolError.notFound(call.name, [...surfaces.current().keys()].sort(), {
            advice: noWorkerAdvice(queue, call.name),
          }).toOutput();
        }
        pool = served.pool;
        const once = idempotent ?? served.tool.traits.isIdempotent;
        const expiresMs = call.ctx.deadlineMs ?? Date.now() + KEEP_SECONDS * 1000;
        // From here the job may be in Redis: a lost connection answers it as possibly lost.
        queued.add(jobId);
        await producer(pool).add(
          call.name,
          { call: text, expiresMs, sig: auth.sign("call", jobId, text, String(expiresMs)) },
          {
            jobId,
            attempts: once ? 3 : 1,
            ...(once ? { backoff: { type: "exponential", delay: 100 } } : {}),
            removeOnComplete: { age: KEEP_SECONDS },
            removeOnFail: { age: KEEP_SECONDS },
          },
        );
        if (signal.aborted) await cancel(jobId, pool);
        // Adding a known job id is a no-op: a call answered before (a host retrying) gets that answer.
        const after = await commands.get(keys.answer(jobId));
        if (after === null) return undefined;
        const encoded = openAnswer(auth, jobId, after);
        if (encoded === undefined) {
          refused(jobId, "stored");
          return undefined;
        }
        return decodeOutput(encoded);
      };
      enqueue().then(
        (done) => {
          if (done) finish(done);
        },
        (error: unknown) =>
          finish(
            ToolOutput.errorText(
              `Tool '${call.name}' could not be queued on '${queue}': ${error instanceof Error ? error.message : String(error)}`,
            ),
          ),
      );
    });

  return {
    surfaces,
    send(request) {
      let text: string;
      let jobId: string;
      try {
        text = encodeCall(request.onProgress ? { ...request.call, progress: true } : request.call);
        jobId = jobIdFor(request.call);
      } catch (error) {
        return Promise.resolve(
          ToolOutput.errorText(
            `Tool '${request.call.name}' could not be queued on '${queue}': ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
      // The same call sent again while it is in flight waits for the same answer.
      const known = inflight.get(jobId);
      if (known) return known;
      const answer = sendOnce(jobId, text, request).finally(() => inflight.delete(jobId));
      inflight.set(jobId, answer);
      return answer;
    },
    async endSession(sessionId) {
      await commands.publish(keys.endSessionChannel, `${sessionId}\n${auth.sign("end-session", sessionId)}`);
    },
    async close() {
      for (const settle of [...pending.values()]) settle(ToolError.cancelled().toOutput());
      surfaces.close();
      // With Redis gone, a graceful close would wait for it forever: closeRedis drops the sockets.
      // The producers share `commands` (closed below), so closing them waits on nothing.
      await Promise.all([...producers.values()].map((q) => q.close().catch(() => {})));
      await closeRedis(subscriber);
      await closeRedis(commands);
    },
  };
}
