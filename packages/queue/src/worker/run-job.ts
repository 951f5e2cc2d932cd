import {
  ToolError,
  type ToolOutput,
  ToolOutput as Output,
  type ToolProgressEvent,
  toolTraits,
} from "@toolkit/core";
import { dispatch, type Middleware, type RegistryLogger, type ToolRegistry } from "@toolkit/registry";
import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import { inOneTrip } from "../shared/connection.js";
import { KEEP_SECONDS, type QueueKeys } from "../shared/keys.js";
import type { QueueAuth } from "../shared/queue-auth.js";
import { withTraceparent } from "../shared/trace-context.js";
import { openAnswer, signAnswer } from "../wire/signed-answer.js";
import { signProgress } from "../wire/signed-progress.js";
import { decodeCall } from "../wire/wire-call.js";
import { decodeOutput, encodeOutput } from "../wire/wire-output.js";
import { type CallJobData, checkJob } from "./check-job.js";
import type { SessionContexts } from "./session-contexts.js";

export type { CallJobData } from "./check-job.js";

/**
 * How long after a call's deadline the worker aborts it by itself. The host's
 * own timer comes first (it answers with the timeout message and cancels the
 * call), even when its event loop lags or its clock is a little behind; had
 * the worker's abort come first, its `Cancelled` would answer a call that
 * timed out. The worker's timer is for a host that is gone.
 */
export const DEADLINE_GRACE_MS = 1000;

/** Runs jobs and aborts the running ones a host cancels. */
export interface JobRunner {
  run(job: Job<CallJobData>): Promise<string>;
  /** Aborts the running call of a signed cancel message (`<jobId>\n<signature>`); ignores a forged one. */
  cancel(message: string): void;
}

/** The answer for a non-idempotent call whose first worker died while running it. */
export function workerDiedOutput(name: string, callId: string): ToolOutput {
  return Output.errorText(
    `Tool '${name}' did not finish: the worker running call ${callId} died, and the call may or may not have taken effect. ` +
      `It was not run again because '${name}' is not idempotent; check its effect before calling it again.`,
  );
}

/** The processor behind `startToolWorker`. */
export function createJobRunner({
  registry,
  middleware,
  commands,
  keys,
  workerId,
  auth,
  contexts,
  logger,
  pool,
}: {
  registry: ToolRegistry;
  middleware: readonly Middleware[];
  commands: Redis;
  keys: QueueKeys;
  workerId: string;
  auth: QueueAuth;
  contexts: SessionContexts;
  logger: RegistryLogger;
  pool: string;
}): JobRunner {
  const running = new Map<string, AbortController>();
  const answer = async (jobId: string, data: unknown): Promise<ToolOutput> => {
    // A job that cannot be trusted throws here, before any of it is used.
    const verdict = checkJob(jobId, data, auth);
    const { call } = verdict;
    if (verdict.kind === "expired") {
      return Output.errorText(
        `Tool '${call.name}' was not run: call ${call.id} reached a worker after it expired at ${new Date(verdict.expiresMs).toISOString()}. Call it again if it is still needed.`,
      );
    }
    // Listen for a cancel before looking for one, so a cancel published in between is not missed.
    const controller = new AbortController();
    running.set(jobId, controller);
    let timer: NodeJS.Timeout | undefined;
    try {
      // One round trip: is the call cancelled or answered already, and is this its first start?
      // The first start claims the call; a later start means a worker died running it. A cancelled
      // or answered call is claimed too, which changes nothing: it is never run either way.
      const [[cancelled, known], first] = await inOneTrip<[(string | null)[], string | null]>(
        commands
          .pipeline()
          .mget(keys.cancelled(jobId), keys.answer(jobId))
          .set(keys.started(jobId), workerId, "EX", KEEP_SECONDS, "NX"),
      );
      if (known != null) {
        const encoded = openAnswer(auth, jobId, known);
        if (encoded !== undefined) return decodeOutput(encoded);
        logger.warn(`startToolWorker: ignored a stored answer to job ${jobId} with a wrong signature`);
      }
      if (cancelled != null) {
        if (auth.verify(cancelled, "cancel", jobId)) return ToolError.cancelled().toOutput();
        logger.warn(`startToolWorker: ignored a cancel of job ${jobId} with a wrong signature`);
      }
      const tool = registry.get(call.name);
      if (first === null && tool && !toolTraits(tool).isIdempotent)
        return workerDiedOutput(call.name, call.id);
      const { deadlineMs } = call.ctx;
      if (deadlineMs !== undefined) {
        timer = setTimeout(
          () => controller.abort(new Error("the call's deadline passed")),
          Math.max(0, deadlineMs + DEADLINE_GRACE_MS - Date.now()),
        );
      }
      // Progress goes out on this connection, so it reaches the host before the answer published after it.
      let seq = 0;
      const onProgress = call.progress
        ? ({ callId: _callId, tool: _tool, ...update }: ToolProgressEvent) => {
            seq += 1;
            commands.publish(keys.progressChannel, signProgress(auth, jobId, seq, update)).catch(() => {});
          }
        : undefined;
      const [result] = await contexts.use(call.ctx, controller.signal, (ctx) =>
        withTraceparent(call.traceparent, () =>
          dispatch(registry, [{ id: call.id, name: call.name, input: call.input }], {
            ctx,
            middleware,
            ...(onProgress ? { onProgress } : {}),
          }),
        ),
      );
      return result?.output ?? Output.errorText(`Tool '${call.name}': the worker produced no answer`);
    } finally {
      if (timer) clearTimeout(timer);
      running.delete(jobId);
    }
  };
  return {
    async run(job) {
      const jobId = job.id ?? "";
      let output: ToolOutput;
      try {
        output = await answer(jobId, job.data);
      } catch (error) {
        if (error instanceof Error && error.name === "RefusedJobError") {
          logger.warn(
            `startToolWorker: refused job ${jobId} on pool ${pool}: ${error.message}; it was not run`,
          );
        }
        throw error;
      }
      const encoded = encodeOutput(output);
      await publishAnswer(commands, keys, auth, jobId, encoded);
      return encoded;
    },
    cancel(message) {
      const cut = message.indexOf("\n");
      const jobId = cut < 0 ? message : message.slice(0, cut);
      const controller = running.get(jobId);
      if (!controller) return;
      if (!auth.verify(cut < 0 ? "" : message.slice(cut + 1), "cancel", jobId)) {
        logger.warn(`startToolWorker: ignored a cancel of job ${jobId} with a wrong signature`);
        return;
      }
      controller.abort(new Error("cancelled by the host"));
    },
  };
}

/**
 * Stores a call's signed answer (so a retry finds it) and tells the waiting
 * host, in one round trip: Redis runs a connection's commands in order, so
 * the answer is stored before the message goes out.
 */
export async function publishAnswer(
  commands: Redis,
  keys: QueueKeys,
  auth: QueueAuth,
  jobId: string,
  encoded: string,
): Promise<void> {
  const signed = signAnswer(auth, jobId, encoded);
  await inOneTrip<[string, number]>(
    commands
      .pipeline()
      .set(keys.answer(jobId), signed, "EX", KEEP_SECONDS)
      .publish(keys.answerChannel, `${jobId}\n${signed}`),
  );
}

const STALLED = /stalled more than allowable limit/;

/** The answer for a job BullMQ failed for good: its workers died, or the job could not be read. */
export function failedJobOutput(job: Job<CallJobData>, reason: string): ToolOutput {
  let name = job.name;
  let callId = job.id ?? "";
  try {
    const call = decodeCall(job.data.call);
    name = call.name;
    callId = call.id;
  } catch {
    // The job's own name and id are all there is.
  }
  if (!STALLED.test(reason)) {
    return Output.errorText(`Tool '${name}' failed on the worker (call ${callId}): ${reason}`);
  }
  if ((job.opts.attempts ?? 1) <= 1) return workerDiedOutput(name, callId);
  return Output.errorText(
    `Tool '${name}' did not finish: every worker that took call ${callId} died while running it. Try again later.`,
  );
}
