import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { findRequestId, type RequestId, RequestIdScanner } from "./find-request-id.js";

/** The default `maxMessageBytes`: 10 MiB, as the SDK's own stdio transport. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Options of the stdio transport. */
export interface StdioLineTransportOptions {
  /** The largest message accepted, in bytes. @default 10 MiB */
  maxMessageBytes?: number;
  /** Told about each message refused (too large, not JSON, not JSON-RPC). */
  onRefused?: (problem: string) => void;
}

/**
 * MCP over newline-delimited JSON on a pair of streams. Unlike the SDK's
 * `StdioServerTransport`, which closes (and so ends the server, silently)
 * when one message passes its 10 MiB buffer, this one skips the oversized
 * message without keeping it (only its id is picked out as it streams past),
 * answers it with a JSON-RPC error carrying that id, and keeps serving.
 * A line that is not JSON or not JSON-RPC is answered the same way.
 */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #maxBytes: number;
  readonly #onRefused: ((problem: string) => void) | undefined;
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** Set while skipping the rest of an oversized message: looks for its id. */
  #skipping: RequestIdScanner | undefined;
  #closed = false;

  constructor(stdin: Readable, stdout: Writable, options: StdioLineTransportOptions = {}) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#onRefused = options.onRefused;
  }

  async start(): Promise<void> {
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onStreamError);
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.#chunks = [];
    this.#skipping = undefined;
    this.onclose?.();
  }

  readonly #onStreamError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onData = (chunk: Buffer | string): void => {
    const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start <= data.length && !this.#closed) {
      const newline = data.indexOf(10, start);
      const end = newline < 0 ? data.length : newline;
      this.#take(data.subarray(start, end));
      if (newline < 0) return;
      this.#endOfLine();
      start = newline + 1;
    }
  };

  /** Adds part of the current line, switching to skipping once it passes the limit. */
  #take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#skipping) {
      this.#skipping.push(part);
      return;
    }
    if (this.#bytes + part.length > this.#maxBytes) {
      this.#skipping = new RequestIdScanner();
      for (const chunk of this.#chunks) this.#skipping.push(chunk);
      this.#skipping.push(part);
      this.#chunks = [];
      this.#bytes = 0;
      return;
    }
    this.#chunks.push(part);
    this.#bytes += part.length;
  }

  #endOfLine(): void {
    if (this.#skipping) {
      const id = this.#skipping.result();
      this.#skipping = undefined;
      this.#refuse(
        id,
        -32600,
        `Request too large: the message has more than ${this.#maxBytes} bytes, the limit of this server's stdio transport. Send less in one request (e.g. write a large file in parts).`,
      );
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#bytes = 0;
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#refuse(null, -32700, "Parse error: the message is not valid JSON.");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.#refuse(
        findRequestId(line),
        -32600,
        "Invalid Request: the message is not a JSON-RPC 2.0 message.",
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  #refuse(id: RequestId, code: number, message: string): void {
    this.#onRefused?.(`${message} (request id ${JSON.stringify(id)})`);
    // JSON-RPC: an error whose request id cannot be told carries `id: null`.
    const reply = `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`;
    this.#stdout.write(reply);
  }
}
