import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { SessionServer } from "./create-session-server.js";

/** Where and how the Streamable HTTP endpoint listens. */
export interface HttpEndpointOptions {
  /** Interface to bind. @default "127.0.0.1" */
  host?: string;
  /** Port; 0 picks a free one (read the result's `url`). @default 0 */
  port?: number;
  /** Path of the MCP endpoint. @default "/mcp" */
  path?: string;
  /**
   * Accepted `Host` headers (DNS-rebinding protection). On a loopback host
   * the default accepts only `127.0.0.1:<port>`, `localhost:<port>` and
   * `[::1]:<port>`; elsewhere nothing is checked unless this is set.
   */
  allowedHosts?: readonly string[];
}

/** A listening endpoint. */
export interface HttpEndpoint {
  readonly url: URL;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * Serves MCP over Streamable HTTP: each client that initializes gets its own
 * session (a transport and a server from `createSession`), routed by the
 * `mcp-session-id` header until the client deletes it or the endpoint closes.
 */
export async function listenHttp({
  options,
  createSession,
}: {
  options: HttpEndpointOptions;
  createSession: () => SessionServer;
}): Promise<HttpEndpoint> {
  const { host = "127.0.0.1", port = 0, path = "/mcp" } = options;
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; session: SessionServer }>();
  let allowedHosts: string[] | undefined = options.allowedHosts ? [...options.allowedHosts] : undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (pathname !== path) return reply(res, 404, `Not found: the MCP endpoint is ${path}`);
    const header = req.headers["mcp-session-id"];
    if (typeof header === "string") {
      const entry = sessions.get(header);
      if (!entry) return reply(res, 404, "Session not found: initialize a new session");
      return entry.transport.handleRequest(req, res);
    }
    if (req.method !== "POST") return reply(res, 400, "Bad request: no `mcp-session-id` header");
    const session = createSession();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, session });
      },
      ...(allowedHosts ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void session.close();
    };
    await session.server.connect(transport);
    await transport.handleRequest(req, res);
    // A first request that was not a valid initialize leaves no session behind.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await session.close();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const authority = host.includes(":") ? `[${host}]:${bound}` : `${host}:${bound}`;
  if (!allowedHosts && LOOPBACK.has(host)) {
    allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`];
  }
  let closing: Promise<void> | undefined;
  return {
    url: new URL(`http://${authority}${path}`),
    close() {
      closing ??= (async () => {
        await Promise.allSettled([...sessions.values()].map(({ session }) => session.close()));
        sessions.clear();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}
