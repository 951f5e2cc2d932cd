import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describeValue, SearchConfigError } from "../errors/config-error.js";
import { createSearchProxy } from "./create-search-proxy.js";
import type { SearchProxyOptions } from "./proxy-options.js";

/** Options of `startSearchProxy`: the proxy's options plus where to listen. */
export interface StartSearchProxyOptions extends SearchProxyOptions {
  /** The interface. @default "127.0.0.1" */
  host?: string;
  /** The port; 0 picks a free one. @default 0 */
  port?: number;
  /** How long a client may take to send its request headers. @default 10_000 */
  headersTimeoutMs?: number;
  /** How long a client may take to send its whole request (headers and body). @default 30_000 */
  requestTimeoutMs?: number;
}

/** A running proxy server. */
export interface RunningSearchProxy {
  /** `http://<host>:<port>`: the `baseUrl` for `proxyProvider`. */
  readonly baseUrl: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts `createSearchProxy` on a Node HTTP server. A client that sends its
 * headers or its body too slowly is answered 408 and disconnected (Node's
 * `headersTimeout` and `requestTimeout`, checked often enough to hold the
 * bound), so half-sent requests cannot hold sockets open.
 *
 * @example const proxy = await startSearchProxy({ providers: { cse }, token, port: 8787 });
 */
export async function startSearchProxy({
  host = "127.0.0.1",
  port = 0,
  headersTimeoutMs = 10_000,
  requestTimeoutMs = 30_000,
  ...options
}: StartSearchProxyOptions): Promise<RunningSearchProxy> {
  positive("headersTimeoutMs", headersTimeoutMs);
  positive("requestTimeoutMs", requestTimeoutMs);
  const handler = createSearchProxy(options);
  const server = createServer(
    {
      // Node requires headersTimeout <= requestTimeout.
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default): check at least 4 times per bound.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.address.includes(":") ? `[${address.address}]` : address.address;
  return {
    baseUrl: `http://${shown}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function positive(field: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new SearchConfigError({
      owner: "startSearchProxy",
      field,
      expected: "a positive number of milliseconds",
      received: describeValue(value),
    });
  }
}
