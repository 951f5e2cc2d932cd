import type { QueueAuth } from "../shared/queue-auth.js";

/** A worker's answer to one job as stored and published: the encoded output and its signature. */
export interface SignedAnswer {
  readonly signature: string;
  readonly encoded: string;
}

/** `<signature>\n<encoded output>`, the signature binding the output to the job id (the question's digest). */
export function signAnswer(auth: QueueAuth, jobId: string, encoded: string): string {
  return `${auth.sign("answer", jobId, encoded)}\n${encoded}`;
}

/**
 * The encoded output of a stored or published answer to `jobId` when its
 * signature is right; undefined for a forged, altered or misplaced one (an
 * answer signed for another job).
 */
export function openAnswer(auth: QueueAuth, jobId: string, text: string): string | undefined {
  const cut = text.indexOf("\n");
  if (cut < 0) return undefined;
  const encoded = text.slice(cut + 1);
  return auth.verify(text.slice(0, cut), "answer", jobId, encoded) ? encoded : undefined;
}
