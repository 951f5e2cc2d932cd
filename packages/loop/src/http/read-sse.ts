import type { SseEvent } from "../providers/wire-codec.js";
import { StreamEndedEarly } from "./post-json.js";

/**
 * Reads a server-sent-event body and calls `onEvent` for each event, in
 * order (`data:` lines joined with newlines; comments and `id:`/`retry:`
 * ignored). `onChunk` is called for every chunk read, to keep an idle timer
 * alive. Resolves when the body ends; an event not closed by a blank line
 * is dropped, as the SSE standard says (the connection was cut mid-event).
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  onChunk: () => void = () => {},
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent({ event, data: data.join("\n") });
      event = undefined;
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const name = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") data.push(value);
    else if (name === "event") event = value;
  };
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        // A connection cut mid-stream: retried like a failed request (an abort is told apart by the caller).
        throw new StreamEndedEarly(
          `the stream broke: ${cause instanceof Error ? cause.message : String(cause)}`,
          {
            cause,
          },
        );
      }
      const { done, value } = chunk;
      if (done) break;
      onChunk();
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
        if (buffer[newline] === "\r" && newline === buffer.length - 1) break;
        const width = buffer.startsWith("\r\n", newline) ? 2 : 1;
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + width);
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
  } finally {
    reader.releaseLock();
  }
}
