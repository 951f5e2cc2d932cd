import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createToolContext, type ToolContext } from "@toolkit/core";
import type { Middleware, RegistryLogger } from "@toolkit/registry";
import { isTransport } from "../protocol/is-transport.js";
import { type HttpEndpointOptions, isLoopback } from "./http-endpoint.js";
import type { SessionContextFactory } from "./session-context.js";

/** Serve over this process's stdin and stdout (or the given streams). */
export interface StdioTransportOptions {
  type: "stdio";
  /** @default process.stdin */
  stdin?: Readable;
  /** @default process.stdout */
  stdout?: Writable;
  /**
   * The largest message read, in bytes; a larger one is answered with a
   * JSON-RPC error and skipped, and serving goes on. @default 10 MiB
   */
  maxMessageBytes?: number;
}

/** Serve over Streamable HTTP, one MCP session per client. */
export interface HttpTransportOptions extends HttpEndpointOptions {
  type: "http";
}

/**
 * How `serveRegistry` talks to clients: `"stdio"`, `"http"` (127.0.0.1 on a
 * free port), either spelled out with options, or any connected-to-nothing
 * SDK `Transport` (one session, e.g. an `InMemoryTransport`).
 */
export type ServeTransport = "stdio" | "http" | StdioTransportOptions | HttpTransportOptions | Transport;

/** Options for `serveRegistry`. */
export interface ServeRegistryOptions {
  /** Server name reported to clients in `initialize`. */
  name: string;
  /** Server version reported to clients in `initialize`. */
  version: string;
  /** How clients connect. */
  transport: ServeTransport;
  /** The dispatch pipeline for every call, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /**
   * The context calls run in over stdio or a given transport; each call gets
   * it with a signal that also fires on cancellation. Over HTTP it is the
   * template of each session's own context (see `sessionContext`), and its
   * signal cancels every session's calls. @default createToolContext()
   */
  ctx?: ToolContext;
  /**
   * Over HTTP: makes each session's own tool context, so sessions share no
   * background jobs, stale guard or temp dir. Return a fresh context each
   * time: it is disposed, and its temp dir removed, when the session ends.
   * @default a context with `ctx`'s cwd, isNonInteractive and userContext, and the session's id
   */
  sessionContext?: SessionContextFactory;
  /** Instructions sent to clients in `initialize`. @default none */
  instructions?: string;
  /** Receives a warning for each tool skipped because of its schema. @default console */
  logger?: RegistryLogger;
}

/** Options after checking, with defaults applied. */
export interface ResolvedServeOptions {
  name: string;
  version: string;
  transport:
    | { kind: "stdio"; stdin: Readable; stdout: Writable; maxMessageBytes: number | undefined }
    | { kind: "http"; options: HttpEndpointOptions }
    | { kind: "custom"; transport: Transport };
  middleware: readonly Middleware[];
  ctx: ToolContext;
  sessionContext: SessionContextFactory | undefined;
  instructions: string | undefined;
  logger: RegistryLogger;
}

/** Checks `serveRegistry` options; a bad option throws a TypeError naming it. */
export function resolveServeOptions(options: ServeRegistryOptions): ResolvedServeOptions {
  if (typeof options !== "object" || options === null) {
    throw new TypeError(
      "serveRegistry: the options must be an object with `name`, `version` and `transport`",
    );
  }
  const { name, version, transport, middleware = [], instructions, logger = console } = options;
  requireText(name, "name");
  requireText(version, "version");
  if (!Array.isArray(middleware) || middleware.some((m) => typeof m !== "function")) {
    throw new TypeError("serveRegistry: `middleware` must be an array of middleware functions");
  }
  if (instructions !== undefined && typeof instructions !== "string") {
    throw new TypeError(`serveRegistry: \`instructions\` must be a string, got ${typeof instructions}`);
  }
  if (typeof logger?.warn !== "function") {
    throw new TypeError("serveRegistry: `logger` must have a `warn(message)` method");
  }
  const ctx = options.ctx ?? createToolContext();
  if (typeof ctx?.withSignal !== "function") {
    throw new TypeError("serveRegistry: `ctx` must be a ToolContext (see createToolContext)");
  }
  const { sessionContext } = options;
  if (sessionContext !== undefined && typeof sessionContext !== "function") {
    throw new TypeError(
      `serveRegistry: \`sessionContext\` must be a function ({ sessionId }) => ToolContext, got ${show(sessionContext)}`,
    );
  }
  return {
    name,
    version,
    transport: resolveTransport(transport),
    middleware,
    ctx,
    sessionContext,
    instructions,
    logger,
  };
}

function resolveTransport(transport: ServeTransport): ResolvedServeOptions["transport"] {
  if (transport === "stdio") {
    return { kind: "stdio", stdin: process.stdin, stdout: process.stdout, maxMessageBytes: undefined };
  }
  if (transport === "http") return { kind: "http", options: {} };
  if (isTransport(transport)) return { kind: "custom", transport };
  if (typeof transport === "object" && transport !== null) {
    if (transport.type === "stdio") {
      const { stdin = process.stdin, stdout = process.stdout, maxMessageBytes } = transport;
      if (maxMessageBytes !== undefined) positiveInteger(maxMessageBytes, "transport.maxMessageBytes");
      return { kind: "stdio", stdin, stdout, maxMessageBytes };
    }
    if (transport.type === "http") return { kind: "http", options: checkHttp(transport) };
  }
  throw new TypeError(
    `serveRegistry: \`transport\` must be "stdio", "http", { type: "stdio" | "http", ... } or an MCP SDK Transport, got ${show(transport)}`,
  );
}

function checkHttp(options: HttpTransportOptions): HttpEndpointOptions {
  const { type: _type, ...http } = options;
  const { host, port, path, token, allowUnauthenticated, maxSessions, sessionIdleTimeoutMs } = http;
  if (host !== undefined && (typeof host !== "string" || host === "")) {
    throw new TypeError(
      `serveRegistry: \`transport.host\` must be a host name or address, got ${show(host)}`,
    );
  }
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new TypeError(
      `serveRegistry: \`transport.port\` must be an integer from 0 to 65535, got ${show(port)}`,
    );
  }
  if (path !== undefined && (typeof path !== "string" || !path.startsWith("/"))) {
    throw new TypeError(`serveRegistry: \`transport.path\` must start with "/", got ${show(path)}`);
  }
  stringList(http.allowedHosts, "transport.allowedHosts", "host:port strings");
  stringList(http.allowedOrigins, "transport.allowedOrigins", 'origins like "https://app.example"');
  if (token !== undefined && (typeof token !== "string" || !/^[\x21-\x7e]{16,}$/.test(token))) {
    throw new TypeError(
      "serveRegistry: `transport.token` must be at least 16 visible ASCII characters without spaces (leave it out to generate one)",
    );
  }
  if (allowUnauthenticated !== undefined && typeof allowUnauthenticated !== "boolean") {
    throw new TypeError(
      `serveRegistry: \`transport.allowUnauthenticated\` must be a boolean, got ${show(allowUnauthenticated)}`,
    );
  }
  if (allowUnauthenticated === true && token !== undefined) {
    throw new TypeError(
      "serveRegistry: `transport.allowUnauthenticated` and `transport.token` contradict each other: choose one",
    );
  }
  if (allowUnauthenticated === true && !isLoopback(host ?? "127.0.0.1")) {
    throw new TypeError(
      `serveRegistry: \`transport.allowUnauthenticated\` is only allowed on a loopback host (127.0.0.1, ::1, localhost), got ${show(host)}: any machine that reaches it could run every tool. Give a \`token\` instead`,
    );
  }
  if (maxSessions !== undefined) positiveInteger(maxSessions, "transport.maxSessions");
  if (sessionIdleTimeoutMs !== undefined)
    positiveInteger(sessionIdleTimeoutMs, "transport.sessionIdleTimeoutMs");
  return http;
}

function stringList(value: unknown, field: string, what: string): void {
  if (value !== undefined && (!Array.isArray(value) || value.some((h) => typeof h !== "string"))) {
    throw new TypeError(`serveRegistry: \`${field}\` must be an array of ${what}`);
  }
}

function positiveInteger(value: unknown, field: string): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`serveRegistry: \`${field}\` must be a positive integer, got ${show(value)}`);
  }
}

function requireText(value: unknown, field: string): asserts value is string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`serveRegistry: \`${field}\` must be a non-empty string, got ${show(value)}`);
  }
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return typeof value === "number" ? String(value) : typeof value;
}
