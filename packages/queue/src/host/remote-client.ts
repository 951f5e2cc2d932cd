import { ToolError, ToolOutput } from "@toolkit/core";
import { Queue } from "bullmq";
import type { Redis, RedisOptions } from "ioredis";
import { bullConnection, openRedis } from "../shared/connection.js";
import { jobIdFor, KEEP_SECONDS, queueKeys } from "../shared/keys.js";
import { type SurfaceWatcher, watchSurfaces } from "../shared/surface-watcher.js";
import { encodeCall, type WireCall } from "../wire/wire-call.js";
import { decodeOutput } from "../wire/wire-output.js";
import type { CallJobData } from "../worker/run-job.js";

/** One call to send. */
export interface RemoteCallRequest {
  readonly call: Omit<WireCall, "v">;
  /** Undefined: use what the worker advertised. */
  readonly idempotent: boolean | undefined;
  readonly signal: AbortSignal;
  /** Undefined: wait as long as it takes. */
  readonly timeoutMs: number | undefined;
}

/** Sends calls to the workers of a queue and waits for their answers. */
export interface RemoteClient {
  readonly surfaces: SurfaceWatcher;
  send(request: RemoteCallRequest): Promise<ToolOutput>;
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
 * call to the pool serving its tool, adds jobs there, hears answers on the
 * answer channel, and cancels through the cancel channel.
 */
export async function createRemoteClient({
  redisOptions,
  queue,
  refreshMs = 5000,
}: {
  redisOptions: RedisOptions;
  queue: string;
  refreshMs?: number;
}): Promise<RemoteClient> {
  const keys = queueKeys(queue);
  const commands: Redis = openRedis(redisOptions);
  const subscriber: Redis = openRedis(redisOptions);
  const producers = new Map<string, Queue<CallJobData, string>>();
  const pending = new Map<string, (output: ToolOutput) => void>();
  const inflight = new Map<string, Promise<ToolOutput>>();
  const names = new Map<string, { name: string; callId: string }>();

  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== keys.answerChannel) return;
    const cut = message.indexOf("\n");
    const settle = pending.get(message.slice(0, cut));
    if (!settle) return;
    try {
      settle(decodeOutput(message.slice(cut + 1)));
    } catch (error) {
      settle(ToolOutput.errorText(`the worker's answer could not be read: ${String(error)}`));
    }
  });
  // Jobs are not persisted across a Redis restart: every call in flight is answered now.
  subscriber.on("close", () => {
    for (const [jobId, settle] of [...pending]) {
      const n = names.get(jobId);
      settle(connectionLostOutput(n?.name ?? "?", n?.callId ?? jobId));
    }
  });
  await subscriber.subscribe(keys.answerChannel);
  const surfaces = await watchSurfaces({ commands, subscriber, keys, refreshMs });

  const producer = (pool: string): Queue<CallJobData, string> => {
    let q = producers.get(pool);
    if (!q) {
      q = new Queue<CallJobData, string>(pool, { connection: bullConnection(redisOptions) });
      q.on("error", () => {});
      producers.set(pool, q);
    }
    return q;
  };

  const cancel = async (jobId: string, pool: string | undefined): Promise<void> => {
    await commands.set(keys.cancelled(jobId), "1", "EX", KEEP_SECONDS);
    await commands.publish(keys.cancelChannel, jobId);
    // A job still waiting is removed outright; a running one is locked and stays.
    if (pool)
      await producer(pool)
        .remove(jobId)
        .catch(() => 0);
  };

  const sendOnce = (
    jobId: string,
    { call, idempotent, signal, timeoutMs }: RemoteCallRequest,
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
      signal.addEventListener("abort", onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          void cancel(jobId, pool).catch(() => {});
          finish(
            ToolOutput.errorText(
              `Tool '${call.name}' timed out after ${timeoutMs} ms on queue '${queue}' (call ${call.id}); it was cancelled and may or may not have taken effect.`,
            ),
          );
        }, timeoutMs);
      }
      const enqueue = async (): Promise<ToolOutput | undefined> => {
        let served = surfaces.current().get(call.name);
        if (!served) {
          await surfaces.reload();
          served = surfaces.current().get(call.name);
        }
        if (!served) {
          return ToolError.notFound(call.name, [...surfaces.current().keys()].sort(), {
            advice: `No live worker on queue '${queue}' serves it; start one with this tool, or call another tool.`,
          }).toOutput();
        }
        pool = served.pool;
        const once = idempotent ?? served.tool.traits.isIdempotent;
        await producer(pool).add(
          call.name,
          { call: encodeCall(call) },
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
        return after === null ? undefined : decodeOutput(after);
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
      const jobId = jobIdFor(request.call.ctx.sessionId, request.call.id);
      // The same call sent again while it is in flight waits for the same answer.
      const known = inflight.get(jobId);
      if (known) return known;
      const answer = sendOnce(jobId, request).finally(() => inflight.delete(jobId));
      inflight.set(jobId, answer);
      return answer;
    },
    async close() {
      for (const settle of [...pending.values()]) settle(ToolError.cancelled().toOutput());
      surfaces.close();
      await Promise.all([...producers.values()].map((q) => q.close().catch(() => {})));
      await subscriber.quit().catch(() => subscriber.disconnect());
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
