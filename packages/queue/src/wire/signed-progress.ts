import type { ToolProgress } from "@toolkit/core";
import type { QueueAuth } from "../shared/queue-auth.js";

/**
 * One progress message as the worker publishes it:
 * `<jobId>\n<seq>\n<signature>\n<update JSON>`. The signature is of kind
 * `progress` and binds the job id and the sequence number, so a progress
 * message can neither pass for an answer nor be replayed into another call
 * or out of order.
 */
export function signProgress(auth: QueueAuth, jobId: string, seq: number, update: ToolProgress): string {
  const json = JSON.stringify(update);
  return `${jobId}\n${seq}\n${auth.sign("progress", jobId, String(seq), json)}\n${json}`;
}

/** A progress message opened: its job, its sequence number, and the update (not yet sanitized). */
export interface OpenedProgress {
  readonly jobId: string;
  readonly seq: number;
  readonly update: unknown;
}

/**
 * The progress message when its signature is right and it parses;
 * undefined for a forged, altered or malformed one.
 */
export function openProgress(auth: QueueAuth, message: string): OpenedProgress | undefined {
  const [jobId, seqText, signature, ...rest] = message.split("\n");
  if (jobId === undefined || seqText === undefined || signature === undefined || rest.length === 0) {
    return undefined;
  }
  const json = rest.join("\n");
  const seq = Number(seqText);
  if (!Number.isSafeInteger(seq) || seq < 1 || String(seq) !== seqText) return undefined;
  if (!auth.verify(signature, "progress", jobId, seqText, json)) return undefined;
  try {
    return { jobId, seq, update: JSON.parse(json) };
  } catch {
    return undefined;
  }
}
