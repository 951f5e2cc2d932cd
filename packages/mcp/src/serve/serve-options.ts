import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createToolContext, type ToolContext } from "@toolkit/core";
import type { Middleware, RegistryLogger } from "@toolkit/registry";
import { isTransport } from "../is-transport.js";
import type { HttpEndpointOptions } from "./http-endpoint.js";

/** Serve over this process's stdin and stdout (or the given streams). */
export interface StdioTransportOptions {
  type: "stdio";
  /** @default process.stdin */
  stdin?: Readable;
  /** @default process.stdout */
  stdout?: Writable;
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
  /** The context calls run in; each call gets it with a signal that also fires on cancellation. @default createToolContext() */
  ctx?: ToolContext;
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
    | { kind: "stdio"; stdin: Readable; stdout: Writable }
    | { kind: "http"; options: HttpEndpointOptions }
    | { kind: "custom"; transport: Transport };
  middleware: readonly Middleware[];
  ctx: ToolContext;
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
  return { name, version, transport: resolveTransport(transport), middleware, ctx, instructions, logger };
}

function resolveTransport(transport: ServeTransport): ResolvedServeOptions["transport"] {
  if (transport === "stdio") return { kind: "stdio", stdin: process.stdin, stdout: process.stdout };
  if (transport === "http") return { kind: "http", options: {} };
  if (isTransport(transport)) return { kind: "custom", transport };
  if (typeof transport === "object" && transport !== null) {
    if (transport.type === "stdio") {
      const { stdin = process.stdin, stdout = process.stdout } = transport;
      return { kind: "stdio", stdin, stdout };
    }
    if (transport.type === "http") return { kind: "http", options: checkHttp(transport) };
  }
  throw new TypeError(
    `serveRegistry: \`transport\` must be "stdio", "http", { type: "stdio" | "http", ... } or an MCP SDK Transport, got ${show(transport)}`,
  );
}

function checkHttp(options: HttpTransportOptions): HttpEndpointOptions {
  const { host, port, path, allowedHosts } = options;
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
  if (
    allowedHosts !== undefined &&
    (!Array.isArray(allowedHosts) || allowedHosts.some((h) => typeof h !== "string"))
  ) {
    throw new TypeError("serveRegistry: `transport.allowedHosts` must be an array of host:port strings");
  }
  return {
    ...(host === undefined ? {} : { host }),
    ...(port === undefined ? {} : { port }),
    ...(path === undefined ? {} : { path }),
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
  };
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
