import { isJsonObject } from "@toolkit/core";
import { UnrecoverableError } from "bullmq";
import { jobIdFor } from "../shared/keys.js";
import type { QueueAuth } from "../shared/queue-auth.js";
import { decodeCall, type WireCall } from "../wire/wire-call.js";

/** What a job carries: the wire call as canonical JSON, when it expires, and the signature of both. */
export interface CallJobData {
  readonly call: string;
  /** Epoch ms after which a worker refuses the job: the call's deadline, else a day after it was sent. */
  readonly expiresMs: number;
  /** HMAC-SHA256 of the job id, the call and `expiresMs` under the queue's secret ("" when insecure). */
  readonly sig: string;
}

/**
 * A job a worker will not run because it cannot be trusted: not a signed
 * call, a wrong signature, or an id that is not its content's. Never
 * retried, never answered (nobody who could check an answer asked it).
 */
export class RefusedJobError extends UnrecoverableError {
  override readonly name = "RefusedJobError";
}

/** The verdict on one job: run it, or answer that it came too late. */
export type JobCheck =
  | { readonly kind: "run"; readonly call: WireCall }
  | { readonly kind: "expired"; readonly call: WireCall; readonly expiresMs: number };

/** Checks a job before anything of it is used; throws a RefusedJobError saying why it was refused. */
export function checkJob(jobId: string, data: unknown, auth: QueueAuth, now: number = Date.now()): JobCheck {
  if (!isJsonObject(data) || typeof data.call !== "string") {
    throw new RefusedJobError("its data is not a Toolkit call (no `call` text)");
  }
  const { call: text, expiresMs, sig } = data;
  if (typeof expiresMs !== "number" || !Number.isFinite(expiresMs)) {
    throw new RefusedJobError(`\`expiresMs\` must be epoch milliseconds, got ${JSON.stringify(expiresMs)}`);
  }
  if (!auth.verify(sig, "call", jobId, text, String(expiresMs))) {
    throw new RefusedJobError(
      sig === undefined || sig === ""
        ? "it is not signed (the host has no secret, or another program added it)"
        : "its signature is wrong (another secret, or the job was changed in Redis)",
    );
  }
  let call: WireCall;
  try {
    call = decodeCall(text);
  } catch (error) {
    throw new RefusedJobError(error instanceof Error ? error.message : String(error));
  }
  let expected: string;
  try {
    expected = jobIdFor(call);
  } catch (error) {
    throw new RefusedJobError(error instanceof Error ? error.message : String(error));
  }
  // Signed together, so this holds for a signed job; insecure workers check it here.
  if (expected !== jobId) throw new RefusedJobError("its id is not the digest of its call");
  return now > expiresMs ? { kind: "expired", call, expiresMs } : { kind: "run", call };
}
