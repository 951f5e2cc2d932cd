import type { IncomingMessage } from "node:http";

/** A request body, or the news that it passed the limit (the rest is left unread). */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Reads a request body as UTF-8, keeping at most `maxBytes` in memory. A
 * body whose `Content-Length` is over the limit is refused before a byte of
 * it is read; a chunked one is refused as soon as it passes the limit.
 * Either way the caller must close the connection (the body is left unread).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > maxBytes) {
    return Promise.resolve({ ok: false, reason: `the body has ${declared} bytes; the limit is ${maxBytes}` });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const settle = (): void => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      settle();
      req.pause();
      resolve({ ok: false, reason: `the body passed the limit of ${maxBytes} bytes` });
    };
    const onEnd = (): void => {
      settle();
      resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    };
    const onError = (error: Error): void => {
      settle();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers["content-length"];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}
