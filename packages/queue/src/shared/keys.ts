import { createHash } from "node:crypto";

/** The Redis keys and channels one queue uses besides BullMQ's own (`bull:<queue>:*`). */
export interface QueueKeys {
  /** Hash: worker id → its advertised surface (JSON). */
  readonly surfaces: string;
  /** Channel: a worker's surface changed. */
  readonly surfaceChannel: string;
  /** Channel: a job id whose call the host cancelled. */
  readonly cancelChannel: string;
  /** String key set when a call is cancelled, so a worker that takes it later never runs it. */
  cancelled(jobId: string): string;
  /** String key set by the first worker that starts a call. */
  started(jobId: string): string;
  /** String key holding a finished call's encoded answer. */
  answer(jobId: string): string;
  /** Channel: `<jobId>\n<answer>` when a call finishes. */
  readonly answerChannel: string;
  /** The BullMQ queue of the pool of workers serving exactly `toolNames`. */
  pool(toolNames: readonly string[]): string;
}

/** The keys for a queue name. */
export function queueKeys(queue: string): QueueKeys {
  const base = `toolkit:queue:${queue}`;
  return {
    surfaces: `${base}:surfaces`,
    surfaceChannel: `${base}:surface`,
    cancelChannel: `${base}:cancel`,
    cancelled: (jobId) => `${base}:cancelled:${jobId}`,
    started: (jobId) => `${base}:started:${jobId}`,
    answer: (jobId) => `${base}:answer:${jobId}`,
    answerChannel: `${base}:answers`,
    pool: (toolNames) =>
      `${queue}.${createHash("sha256")
        .update([...toolNames].sort().join("\n"))
        .digest("hex")
        .slice(0, 12)}`,
  };
}

/**
 * The BullMQ job id of a call: `<sessionId>:<callId>:v1`. BullMQ refuses a
 * custom id with exactly one colon, so the wire version closes the id; a
 * colon inside the call id is escaped so the id keeps three parts.
 */
export function jobIdFor(sessionId: string, callId: string): string {
  return `${sessionId}:${callId.replaceAll("%", "%25").replaceAll(":", "%3A")}:v1`;
}

/** How long markers and finished jobs are kept, so a retried host call finds its answer. */
export const KEEP_SECONDS = 24 * 60 * 60;
