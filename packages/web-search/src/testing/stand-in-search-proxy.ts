import { GoogleCse } from "../providers/google-cse.js";
import { type ProxyBackend, proxyProvider } from "../providers/proxy-provider.js";
import { Serper } from "../providers/serper.js";
import type { SearchProxyOptions } from "../proxy/proxy-options.js";
import { startSearchProxy } from "../proxy/start-search-proxy.js";
import type { SearchProvider } from "../providers/search-provider.js";
import { type CseStandIn, startCseStandIn } from "./cse-stand-in.js";
import { type SerperStandIn, startSerperStandIn } from "./serper-stand-in.js";
import type { StandInOptions } from "./stand-in-types.js";

/** Options of `startStandInSearchProxy`. */
export interface StandInSearchProxyOptions extends StandInOptions {
  /** Which stand-in sits behind the proxy. @default "cse" */
  backend?: ProxyBackend;
  /** The proxy's bearer token. @default "stand-in-token" */
  token?: string;
  /** Proxy options (cache, rate limit, log, ...), except providers and token. */
  proxy?: Omit<SearchProxyOptions, "providers" | "token">;
}

/** A real search proxy on 127.0.0.1 in front of a stand-in provider. */
export interface StandInSearchProxy {
  /** The proxy's address. */
  readonly baseUrl: string;
  /** The token the proxy expects. */
  readonly token: string;
  /** The backend served. */
  readonly backend: ProxyBackend;
  /** The stand-in behind the proxy (its `requests` show what reached the "provider"). */
  readonly standIn: CseStandIn | SerperStandIn;
  /** A `proxyProvider` already pointed at this proxy, for `createWebSearchTools` or `createLoomTools`. */
  readonly provider: SearchProvider;
  /** Stops the proxy and the stand-in. */
  close(): Promise<void>;
}

/**
 * Starts a stand-in provider and the real `createSearchProxy` in front of it,
 * both on 127.0.0.1: web search with no key and no network.
 *
 * @example
 * const search = await startStandInSearchProxy();
 * registry.register(...createWebSearchTools({ provider: search.provider }));
 */
export async function startStandInSearchProxy(
  options: StandInSearchProxyOptions = {},
): Promise<StandInSearchProxy> {
  const { backend = "cse", token = "stand-in-token", proxy: proxyOptions = {}, ...standInOptions } = options;
  let standIn: CseStandIn | SerperStandIn;
  let upstream: SearchProvider;
  if (backend === "cse") {
    const cse = await startCseStandIn(standInOptions);
    standIn = cse;
    upstream = new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl });
  } else {
    standIn = await startSerperStandIn(standInOptions);
    upstream = new Serper({ apiKey: standIn.apiKey, baseUrl: standIn.baseUrl });
  }
  const proxy = await startSearchProxy({ ...proxyOptions, providers: { [backend]: upstream }, token });
  return {
    baseUrl: proxy.baseUrl,
    token,
    backend,
    standIn,
    provider: proxyProvider({ baseUrl: proxy.baseUrl, token, backend }),
    close: async () => {
      await proxy.close();
      await standIn.close();
    },
  };
}
