import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSearchProxy } from "./create-search-proxy.js";
import type { SearchProxyOptions } from "./proxy-options.js";

/** Options of `startSearchProxy`: the proxy's options plus where to listen. */
export interface StartSearchProxyOptions extends SearchProxyOptions {
  /** The interface. @default "127.0.0.1" */
  host?: string;
  /** The port; 0 picks a free one. @default 0 */
  port?: number;
}

/** A running proxy server. */
export interface RunningSearchProxy {
  /** `http://<host>:<port>`: the `baseUrl` for `proxyProvider`. */
  readonly baseUrl: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts `createSearchProxy` on a Node HTTP server.
 *
 * @example const proxy = await startSearchProxy({ providers: { cse }, token, port: 8787 });
 */
export async function startSearchProxy({
  host = "127.0.0.1",
  port = 0,
  ...options
}: StartSearchProxyOptions): Promise<RunningSearchProxy> {
  const server = createServer(createSearchProxy(options));
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
