import type { Readable } from "node:stream";

/** A body read up to a cap. */
export interface CappedBody {
  readonly bytes: Buffer;
  /** True when the stream had more than `maxBytes`; it was destroyed there. */
  readonly truncated: boolean;
}

/**
 * Reads a stream into memory, keeping at most `maxBytes`; on passing the cap it
 * destroys the stream (and so the connection) and returns what it kept.
 */
export function readCapped(stream: Readable, maxBytes: number): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean): void => {
      settled = true;
      stream.off("data", onData);
      stream.off("end", onEnd);
      resolve({ bytes: Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer): void => {
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        stream.on("error", () => {});
        stream.destroy();
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = (): void => finish(false);
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", (error) => {
      settled = true;
      reject(error);
    });
    stream.once("close", () => {
      if (!settled) reject(new Error("the connection closed before the body ended"));
    });
  });
}
