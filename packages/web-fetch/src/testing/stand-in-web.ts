import { type Server, createServer } from "node:http";
import { type AddressInfo, connect as netConnect } from "node:net";
import type { LookupFunction } from "../guard/lookup.js";
import type { Connector } from "../http/connect.js";

/** One page of the stand-in web: HTML as a string, or any type with its body. */
export type StandInPage =
  | string
  | { readonly contentType: string; readonly body: string | Uint8Array; readonly status?: number };

/** Options of `startStandInWeb`. */
export interface StandInWebOptions {
  /** Pages by absolute URL (`https://docs.example.com/math`); query and fragment are ignored. */
  pages: Readonly<Record<string, StandInPage>>;
  /** The public address every host of `pages` resolves to (never connected to). @default "93.184.216.34" */
  address?: string;
}

/** A pretend internet on 127.0.0.1: give `lookup` and `connect` to WebFetch. */
export interface StandInWeb {
  /** Resolves the hosts of `pages` to `address`; any other name fails with ENOTFOUND. */
  readonly lookup: LookupFunction;
  /** Sends every connection to the local server, whatever the checked address. */
  readonly connect: Connector;
  /** `host/path` of every request served, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/**
 * Starts a stand-in web for tests and demos: one HTTP server on a free port of
 * 127.0.0.1 answers for every host in `pages` (by the Host header), over plain
 * HTTP whatever the URL's scheme. WebFetch, given `lookup` and `connect`,
 * runs unchanged — SSRF guard included — against it, with no network.
 *
 * @example
 * const web = await startStandInWeb({ pages: { "https://docs.example.com/a": "<h1>A</h1>" } });
 * const [webFetch] = createWebFetchTools({ lookup: web.lookup, connect: web.connect });
 */
export async function startStandInWeb({
  pages,
  address = "93.184.216.34",
}: StandInWebOptions): Promise<StandInWeb> {
  const byKey = new Map<string, StandInPage>();
  const hosts = new Set<string>();
  for (const [url, page] of Object.entries(pages)) {
    const parsed = new URL(url);
    hosts.add(parsed.hostname);
    byKey.set(`${parsed.hostname}${parsed.pathname}`, page);
  }
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const key = `${host}${new URL(req.url ?? "/", "http://x").pathname}`;
    requests.push(key);
    const page = byKey.get(key);
    if (page === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    const {
      contentType,
      body,
      status = 200,
    } = typeof page === "string" ? { contentType: "text/html; charset=utf-8", body: page } : page;
    res.writeHead(status, { "content-type": contentType }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    lookup: async (hostname) => {
      if (!hosts.has(hostname)) {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      }
      return [{ address, family: address.includes(":") ? 6 : 4 }];
    },
    connect: () => netConnect({ host: "127.0.0.1", port }),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
