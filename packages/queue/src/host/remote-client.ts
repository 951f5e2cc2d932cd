import { ToolError, ToolOutput } from "@toolkit/core";
import { Queue, QueueEvents } from "bullmq";
import type { Redis, RedisOptions } from "ioredis";
import { bullConnection, openRedis } from "../shared/connection.js";
import { jobIdFor, KEEP_SECONDS, queueKeys } from "../shared/keys.js";
import type { CallJobData } from "../worker/run-job.js";
import { workerDiedOutput } from "../worker/run-job.js";
import { encodeCall, type WireCall } from "../wire/wire-call.js";
import { decodeOutput } from "../wire/wire-output.js";

/** One call to send. */
export interface RemoteCallRequest {
  readonly call: Omit<WireCall, "v">;
  readonly idempotent: boolean;
  readonly signal: AbortSignal;
  /** Undefined: wait as long as it takes. */
  readonly timeoutMs: number | undefined;
}

/** Sends calls to a queue and waits for their answers. */
export interface RemoteClient {
  send(request: RemoteCallRequest): Promise<ToolOutput>;
  close(): Promise<void>;
}

interface Pending {
  readonly name: string;
  readonly callId: string;
  readonly idempotent: boolean;
  settle(output: ToolOutput): void;
}

const STALLED = /stalled more than allowable limit/;

/** The soft failure for calls in flight when the connection to Redis drops. */
export function connectionLostOutput(name: string, callId: string): ToolOutput {
  return ToolOutput.errorText(
    `Tool '${name}' did not answer: the connection to Redis was lost while call ${callId} was queued or running, so it may or may not have taken effect. Try again once Redis is back.`,
  );
}

/** A client for one queue: a BullMQ Queue to add jobs, QueueEvents to hear answers, a client to cancel. */
export async function createRemoteClient({
  redisOptions,
  queue,
}: {
  redisOptions: RedisOptions;
  queue: string;
}): Promise<RemoteClient> {
  const keys = queueKeys(queue);
  const producer = new Queue<CallJobData, string>(queue, { connection: bullConnection(redisOptions) });
  const events = new QueueEvents(queue, { connection: bullConnection(redisOptions) });
  const commands: Redis = openRedis(redisOptions);
  producer.on("error", () => {});
  events.on("error", () => {});
  const pending = new Map<string, Pending>();
  const inflight = new Map<string, Promise<ToolOutput>>();

  events.on("completed", ({ jobId, returnvalue }) => {
    const p = pending.get(jobId);
    if (!p) return;
    try {
      p.settle(decodeOutput(String(returnvalue)));
    } catch (error) {
      p.settle(
        ToolOutput.errorText(`Tool '${p.name}': the worker's answer could not be read: ${String(error)}`),
      );
    }
  });
  events.on("failed", ({ jobId, failedReason }) => {
    const p = pending.get(jobId);
    if (p) p.settle(failedOutput(p, failedReason));
  });
  // Jobs are not persisted across a Redis restart: every call in flight is answered now.
  commands.on("close", () => {
    for (const p of [...pending.values()]) p.settle(connectionLostOutput(p.name, p.callId));
  });
  await Promise.all([producer.waitUntilReady(), events.waitUntilReady()]);

  const cancel = async (jobId: string): Promise<void> => {
    await commands.set(keys.cancelled(jobId), "1", "EX", KEEP_SECONDS);
    await commands.publish(keys.cancelChannel, jobId);
    // A job still waiting is removed outright; a running one is locked and stays.
    await producer.remove(jobId).catch(() => 0);
  };

  return {
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
      for (const p of [...pending.values()]) p.settle(ToolError.cancelled().toOutput());
      await events.close().catch(() => {});
      await producer.close().catch(() => {});
      await commands.quit().catch(() => commands.disconnect());
    },
  };

  function sendOnce(
    jobId: string,
    { call, idempotent, signal, timeoutMs }: RemoteCallRequest,
  ): Promise<ToolOutput> {
    return new Promise<ToolOutput>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => {
        void cancel(jobId).catch(() => {});
        finish(ToolError.cancelled().toOutput());
      };
      const finish = (output: ToolOutput): void => {
        if (pending.get(jobId) !== entry) return;
        pending.delete(jobId);
        if (timer) clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        resolve(output);
      };
      const entry: Pending = { name: call.name, callId: call.id, idempotent, settle: finish };
      if (signal.aborted) {
        resolve(ToolError.cancelled().toOutput());
        return;
      }
      pending.set(jobId, entry);
      signal.addEventListener("abort", onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          void cancel(jobId).catch(() => {});
          finish(
            ToolOutput.errorText(
              `Tool '${call.name}' timed out after ${timeoutMs} ms on queue '${queue}' (call ${call.id}); it was cancelled and may or may not have taken effect.`,
            ),
          );
        }, timeoutMs);
      }
      void enqueue(jobId, call, idempotent).then(
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
  }

  /** Adds the job; for an id already known (a retried host call), the answer it already has. */
  async function enqueue(
    jobId: string,
    call: Omit<WireCall, "v">,
    idempotent: boolean,
  ): Promise<ToolOutput | undefined> {
    await producer.add(
      call.name,
      { call: encodeCall(call) },
      {
        jobId,
        attempts: idempotent ? 3 : 1,
        ...(idempotent ? { backoff: { type: "exponential", delay: 100 } } : {}),
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      },
    );
    const state = await producer.getJobState(jobId);
    if (state !== "completed" && state !== "failed") return undefined;
    const job = await producer.getJob(jobId);
    if (!job) return undefined;
    if (state === "completed") return decodeOutput(String(job.returnvalue));
    return failedOutput({ name: call.name, callId: call.id, idempotent }, job.failedReason);
  }
}

function failedOutput(
  { name, callId, idempotent }: { name: string; callId: string; idempotent: boolean },
  reason: string | undefined,
): ToolOutput {
  if (reason && STALLED.test(reason)) {
    if (!idempotent) return workerDiedOutput(name, callId);
    return ToolOutput.errorText(
      `Tool '${name}' did not finish: every worker that took call ${callId} died while running it. Try again later.`,
    );
  }
  return ToolOutput.errorText(
    `Tool '${name}' failed on the worker (call ${callId}): ${reason ?? "no reason given"}`,
  );
}
