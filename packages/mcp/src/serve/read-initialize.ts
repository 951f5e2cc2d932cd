import type { IncomingMessage } from "node:http";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

/** The largest body read to judge whether a request is an `initialize` (one is a few hundred bytes). */
export const MAX_INITIALIZE_BYTES = 64 * 1024;

/** The media type of a Content-Type header without its parameters, lower-cased. */
function essence(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(req.headers["content-length"]) > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk instanceof Buffer ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a session-less POST and answers its parsed body when the SDK's
 * transport would accept it as a new session's `initialize`: the Accept
 * header lists JSON and event streams, the body is JSON (Content-Type
 * `application/json`, at most `maxBytes`) and holds one initialize request,
 * alone or as a batch of one. Anything else answers undefined. The body is
 * consumed: pass the result to `handleRequest` as its parsed body.
 */
export async function readInitialize(
  req: IncomingMessage,
  { maxBytes = MAX_INITIALIZE_BYTES }: { maxBytes?: number } = {},
): Promise<unknown> {
  const accept = req.headers.accept ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (essence(req.headers["content-type"]) !== "application/json") return undefined;
  const text = await readBody(req, maxBytes);
  if (text === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.length === 1 && isInitializeRequest(messages[0]) ? body : undefined;
}
