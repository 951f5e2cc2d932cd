import { createHash } from "node:crypto";
import { canonicalJson } from "@toolkit/core";
import type { WireCall } from "../wire/wire-call.js";

/** The Redis keys and channels one queue uses besides BullMQ's own (`bull:<queue>:*`). */
export interface QueueKeys {
  /** Hash: worker id → its advertised surface (JSON). */
  readonly surfaces: string;
  /** Channel: a worker's surface changed. */
  readonly surfaceChannel: string;
  /** Channel: `<jobId>\n<signature>` of a call the host cancelled. */
  readonly cancelChannel: string;
  /** Channel: `<sessionId>\n<signature>` when a host ends a session (workers dispose of its contexts). */
  readonly endSessionChannel: string;
  /** String key holding a cancel's signature, so a worker that takes the call later never runs it. */
  cancelled(jobId: string): string;
  /** String key set by the first worker that starts a call. */
  started(jobId: string): string;
  /** String key holding a finished call's signed answer (`<signature>\n<encoded output>`). */
  answer(jobId: string): string;
  /** Channel: `<jobId>\n<signature>\n<encoded output>` when a call finishes. */
  readonly answerChannel: string;
  /** Channel: `<jobId>\n<seq>\n<signature>\n<update JSON>` for each progress update of a running call. */
  readonly progressChannel: string;
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
    endSessionChannel: `${base}:end-session`,
    cancelled: (jobId) => `${base}:cancelled:${jobId}`,
    started: (jobId) => `${base}:started:${jobId}`,
    answer: (jobId) => `${base}:answer:${jobId}`,
    answerChannel: `${base}:answers`,
    progressChannel: `${base}:progress`,
    pool: (toolNames) =>
      `${queue}.${createHash("sha256")
        .update([...toolNames].sort().join("\n"))
        .digest("hex")
        .slice(0, 12)}`,
  };
}

/**
 * The BullMQ job id of a call, which also keys its answer:
 * `<sessionId>:<digest>:v2`, where the digest is the SHA-256 of the whole
 * question as canonical JSON (call id, tool, input, session, cwd,
 * interactivity, user context; not the deadline or the trace parent, which
 * change when a host sends the same call again). The same call sent again
 * gets the same id, so it runs once; two hosts whose call ids collide but
 * whose calls differ get two jobs and their own answers. BullMQ refuses a
 * custom id with exactly one colon: the version closes it, and a colon in
 * the session id is escaped so the id keeps three parts. Throws for an input
 * with no JSON form.
 */
export function jobIdFor(call: Omit<WireCall, "v" | "traceparent">): string {
  const { cwd, sessionId, isNonInteractive, userContext } = call.ctx;
  const digest = createHash("sha256")
    .update(
      canonicalJson({
        id: call.id,
        name: call.name,
        input: call.input,
        ctx: { cwd, sessionId, isNonInteractive, userContext: { ...userContext } },
      }),
    )
    .digest("hex");
  return `${sessionId.replaceAll("%", "%25").replaceAll(":", "%3A")}:${digest}:v2`;
}

/** How long markers and finished jobs are kept, so a retried host call finds its answer. */
export const KEEP_SECONDS = 24 * 60 * 60;
