import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A route's handler on the stand-in site. */
export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A web site on 127.0.0.1 for tests: routes by path, counts connections and records requests. */
export interface TestSite {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Request paths served so far. */
  readonly requests: string[];
  /** Headers of the last request. */
  lastHeaders(): IncomingMessage["headers"] | undefined;
  close(): Promise<void>;
}

/** Starts a stand-in site on a free port of 127.0.0.1 (unknown paths are 404). */
export async function startTestSite(routes: Record<string, Route>): Promise<TestSite> {
  let connections = 0;
  let last: IncomingMessage["headers"] | undefined;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    last = req.headers;
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (route === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("no such page");
      return;
    }
    route(req, res);
  });
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    lastHeaders: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A route answering `body` with `contentType`. */
export function serve(contentType: string, body: string | Buffer, status = 200): Route {
  return (_req, res) => {
    res
      .writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
      .end(body);
  };
}

/** A route redirecting to `location`. */
export function redirect(location: string, status = 302): Route {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}
