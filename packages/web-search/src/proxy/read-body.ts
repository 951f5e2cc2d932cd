import type { IncomingMessage } from "node:http";

/** A request body, or the news that it passed the limit (the rest is drained, not kept). */
export type BodyRead = { ok: true; text: string } | { ok: false; bytes: number };

/** Reads a request body as UTF-8, keeping at most `maxBytes` in memory. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (bytes <= maxBytes) chunks.push(buffer);
  }
  return bytes > maxBytes ? { ok: false, bytes } : { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
