import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type IdGen, sequentialIds } from "../runtime/id-gen.js";
import { encodeFailure, encodeReply } from "./encode-reply.js";
import { encodeStream, type StreamEvent } from "./encode-stream.js";
import { readRequest } from "./read-request.js";
import { type Dialect, isFailure, isRaw, type RecordedRequest, type ScriptStep } from "./script.js";

const ROUTES: ReadonlyMap<string, Dialect> = new Map([
  ["/v1/chat/completions", "openai-chat"],
  ["/v1/responses", "openai-responses"],
  ["/v1/messages", "anthropic-messages"],
]);

/** Gemini's routes: `/v1beta/models/{model}:generateContent` and `:streamGenerateContent`. */
const GEMINI_ROUTE = /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/;

/** The dialect of a path, and whether the path itself asks for a stream (Gemini). */
function route(path: string): { dialect: Dialect; streamPath: boolean } | undefined {
  const dialect = ROUTES.get(path);
  if (dialect) return { dialect, streamPath: false };
  const gemini = GEMINI_ROUTE.exec(path);
  if (gemini)
    return { dialect: "gemini-generate-content", streamPath: gemini[1] === "streamGenerateContent" };
  return undefined;
}

/** Options for `ScriptedModelServer.start`. */
export interface ScriptedModelServerOptions {
  /** The replies, one per request, in order. */
  script: readonly ScriptStep[];
  /** When set, requests must carry this key (Bearer or `x-api-key`), else 401. */
  apiKey?: string;
  /** Ids for replies and unnamed calls. @default sequentialIds() */
  ids?: IdGen;
}

/**
 * A scripted stand-in for an LLM provider: a real HTTP server on 127.0.0.1
 * speaking OpenAI Chat Completions (`/v1/chat/completions`), OpenAI
 * Responses (`/v1/responses`), Anthropic Messages (`/v1/messages`) and
 * Gemini (`/v1beta/models/{model}:generateContent`). Each request is
 * answered by the next script step and recorded byte for byte; a request
 * that asks for a stream (`"stream": true`, or Gemini's
 * `:streamGenerateContent`) is answered with the dialect's server-sent
 * events. A `{ raw }` step plays a provider body or event list verbatim.
 * It does not think: it plays back what the test (or the playground) wrote.
 *
 * @example
 * const server = await ScriptedModelServer.start({ script: [{ toolCalls: [{ name: "Think", input: { thought: "plan" } }] }, { text: "done" }] });
 * const model = openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" });
 * // ... run a loop, then: server.requests[1].toolResults
 * await server.close();
 */
export class ScriptedModelServer {
  readonly #server: Server;
  readonly #script: ScriptStep[];
  readonly #apiKey: string | undefined;
  readonly #ids: IdGen;
  readonly #requests: RecordedRequest[] = [];
  readonly #sockets = new Set<import("node:net").Socket>();
  #url = "";
  #openStreams = 0;

  private constructor(options: ScriptedModelServerOptions) {
    this.#script = [...options.script];
    this.#apiKey = options.apiKey;
    this.#ids = options.ids ?? sequentialIds();
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        send(res, 500, { error: { message: error instanceof Error ? error.message : String(error) } });
      });
    });
    this.#server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
  }

  /** Starts a server on 127.0.0.1 on a free port. */
  static async start(options: ScriptedModelServerOptions): Promise<ScriptedModelServer> {
    if (!options || !Array.isArray(options.script)) {
      throw new TypeError("ScriptedModelServer.start: `script` must be an array of steps");
    }
    const server = new ScriptedModelServer(options);
    await new Promise<void>((resolve, reject) => {
      server.#server.once("error", reject);
      server.#server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.#server.address() as AddressInfo;
    server.#url = `http://127.0.0.1:${port}`;
    return server;
  }

  /** `http://127.0.0.1:<port>` */
  get url(): string {
    return this.#url;
  }
  /** The base URL for `openaiChat` / `openaiResponses` (`…/v1`). */
  get openaiBaseUrl(): string {
    return `${this.#url}/v1`;
  }
  /** The base URL for `anthropicMessages`. */
  get anthropicBaseUrl(): string {
    return this.#url;
  }
  /** The base URL for `geminiGenerateContent`. */
  get geminiBaseUrl(): string {
    return this.#url;
  }
  /** Every request answered so far, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }
  /** Streams being written now (a closed or cancelled stream is no longer counted). */
  get openStreams(): number {
    return this.#openStreams;
  }
  /** Script steps not yet used. */
  get remaining(): number {
    return this.#script.length;
  }

  /** Adds steps to the end of the script. */
  push(...steps: ScriptStep[]): void {
    this.#script.push(...steps);
  }

  /** Stops the server, dropping open connections. */
  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const found = route(path);
    const body = await readBody(req);
    if (req.method !== "POST" || !found) {
      send(res, 404, { error: { message: `no route for ${req.method} ${path}` } });
      return;
    }
    const { dialect, streamPath } = found;
    if (this.#apiKey !== undefined && !authorised(req, this.#apiKey)) {
      send(res, 401, encodeFailure(dialect, { status: 401, message: "invalid api key" }));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      send(res, 400, encodeFailure(dialect, { status: 400, message: "the body is not JSON" }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    const stream = streamPath || (json as { stream?: unknown }).stream === true;
    const recorded: RecordedRequest = {
      dialect,
      path,
      headers,
      body,
      stream,
      json,
      index: this.#requests.length + 1,
      ...readRequest(dialect, json),
    };
    this.#requests.push(recorded);
    const step = this.#script.shift();
    if (step === undefined) {
      send(res, 500, encodeFailure(dialect, { status: 500, message: "the script has no more replies" }));
      return;
    }
    const outcome = typeof step === "function" ? await step(recorded) : step;
    if (isFailure(outcome)) {
      send(res, outcome.status, encodeFailure(dialect, outcome), outcome.headers);
      return;
    }
    if (isRaw(outcome)) {
      if (stream) await writeEvents(res, outcome.raw.events ?? [], {});
      else send(res, 200, outcome.raw.body ?? {});
      return;
    }
    if (outcome.delayMs) await delay(outcome.delayMs, res);
    if (res.destroyed) return;
    const model = String(
      (json as { model?: unknown }).model ?? path.split("/").pop()?.split(":")[0] ?? "scripted",
    );
    const reply = encodeReply(dialect, outcome, {
      model,
      ids: this.#ids,
      inputTokens: Math.ceil(body.length / 4),
    });
    if (!stream) {
      send(res, 200, reply);
      return;
    }
    this.#openStreams++;
    try {
      await writeEvents(res, encodeStream(dialect, reply as Record<string, unknown>, outcome), {
        cutAfter: outcome.cutStreamAfter,
        delayMs: outcome.eventDelayMs,
      });
    } finally {
      this.#openStreams--;
    }
  }
}

/** Writes server-sent events, stopping early (a clean close) after `cutAfter` events. */
async function writeEvents(
  res: ServerResponse,
  events: readonly StreamEvent[],
  { cutAfter, delayMs }: { cutAfter?: number | undefined; delayMs?: number | undefined },
): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [i, e] of events.entries()) {
    if (cutAfter !== undefined && i >= cutAfter) break;
    if (delayMs) await delay(delayMs, res);
    if (res.destroyed) return;
    const data = typeof e.data === "string" ? e.data : JSON.stringify(e.data);
    res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${data}\n\n`);
  }
  res.end();
}

function authorised(req: IncomingMessage, key: string): boolean {
  return (
    req.headers.authorization === `Bearer ${key}` ||
    req.headers["x-api-key"] === key ||
    req.headers["x-goog-api-key"] === key
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

/** Waits `ms`, or less when the response closes first; the close listener is removed either way. */
function delay(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on("close", done);
  });
}
