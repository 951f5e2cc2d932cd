import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cannedResults, selectResults } from "./stand-in-results.js";
import type {
  RecordedRequest,
  StandIn,
  StandInOptions,
  StandInReply,
  StandInResult,
} from "./stand-in-types.js";

/** What a request asks for, or the client error the real provider would answer. */
export type WireRead = { query: string; count: number } | { status: number; reason: string };

/** One provider's wire format, as a stand-in speaks it. */
export interface StandInWire {
  readonly method: "GET" | "POST";
  readonly path: string;
  /** Checks the key and parameters of a request the way the provider does. */
  read(request: RecordedRequest, apiKey: string): WireRead;
  /** The success body. */
  success(query: string, count: number, results: readonly StandInResult[]): unknown;
  /** The error body for a status. */
  error(status: number, reason: string): unknown;
}

/** A real HTTP server on 127.0.0.1 speaking one provider's wire format and recording every request. */
export class StandInServer implements StandIn {
  baseUrl = "";
  readonly apiKey: string;
  readonly requests: RecordedRequest[] = [];
  readonly #wire: StandInWire;
  readonly #queue: StandInReply[];
  readonly #server: Server;
  readonly #host: string;
  readonly #port: number;
  #results: NonNullable<StandInOptions["results"]>;

  protected constructor(wire: StandInWire, options: StandInOptions) {
    const {
      results = cannedResults,
      replies = [],
      apiKey = "stand-in-key",
      host = "127.0.0.1",
      port = 0,
    } = options;
    this.#wire = wire;
    this.#results = results;
    this.#queue = [...replies];
    this.apiKey = apiKey;
    this.#host = host;
    this.#port = port;
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch(() => res.destroy());
    });
  }

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(this.#port, this.#host, () => resolve());
    });
    const { port } = this.#server.address() as AddressInfo;
    const host = this.#host.includes(":") ? `[${this.#host}]` : this.#host;
    this.baseUrl = `http://${host}:${port}`;
    return this;
  }

  enqueue(...replies: StandInReply[]): void {
    this.#queue.push(...replies);
  }

  setResults(results: NonNullable<StandInOptions["results"]>): void {
    this.#results = results;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Recorded on arrival, so a request the client gives up on mid-body still counts.
    const record = startRecord(req);
    this.requests.push(record);
    try {
      await readInto(record, req);
    } catch {
      record.reply = "aborted";
      return;
    }
    if (record.method !== this.#wire.method || record.path !== this.#wire.path) {
      record.reply = "error";
      send(res, 404, this.#wire.error(404, `Not found: ${record.method} ${record.path}`));
      return;
    }
    const read = this.#wire.read(record, this.apiKey);
    if ("status" in read) {
      record.reply = "error";
      send(res, read.status, this.#wire.error(read.status, read.reason));
      return;
    }
    const reply = this.#queue.shift() ?? { type: "results" };
    record.reply = reply.type;
    this.#reply(res, reply, read);
  }

  #reply(res: ServerResponse, reply: StandInReply, { query, count }: { query: string; count: number }): void {
    switch (reply.type) {
      case "hang":
        return;
      case "raw":
        res.writeHead(reply.status, {
          "content-type": reply.contentType ?? "application/json; charset=UTF-8",
        });
        res.end(reply.body);
        return;
      case "error": {
        const headers = reply.retryAfter === undefined ? {} : { "retry-after": String(reply.retryAfter) };
        send(
          res,
          reply.status,
          this.#wire.error(reply.status, reply.reason ?? defaultReason(reply.status)),
          headers,
        );
        return;
      }
      case "results": {
        const all =
          reply.results ?? (typeof this.#results === "function" ? this.#results(query) : this.#results);
        send(res, 200, this.#wire.success(query, count, selectResults(all, query, count)));
      }
    }
  }
}

function defaultReason(status: number): string {
  if (status === 429) return "Rate limit exceeded.";
  if (status >= 500) return "Backend error.";
  return "Request contains an invalid argument.";
}

function startRecord(req: IncomingMessage): RecordedRequest {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    params: Object.fromEntries(url.searchParams),
    headers,
    body: "",
    json: undefined,
    reply: "pending",
  };
}

async function readInto(record: RecordedRequest, req: IncomingMessage): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  record.body = Buffer.concat(chunks).toString("utf8");
  try {
    record.json = record.body ? JSON.parse(record.body) : undefined;
  } catch {
    record.json = undefined;
  }
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}
