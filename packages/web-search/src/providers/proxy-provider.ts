import { SearchConfigError, describeValue } from "../errors/config-error.js";
import { fetchWithRetry } from "../http/fetch-with-retry.js";
import {
  type TransportOptions,
  checkBaseUrl,
  requireString,
  resolveTransport,
} from "../http/transport-options.js";
import type { SearchProvider, SearchRequest, SearchResult } from "./search-provider.js";
import { clampCount, responseError } from "./provider-helpers.js";
import { fromProxyResponse, proxyErrorIsRetryable } from "./proxy-wire.js";

/** The search backends a proxy serves. */
export type ProxyBackend = "cse" | "serper";

/** The backends, in the order they are listed in messages. */
export const PROXY_BACKENDS: readonly ProxyBackend[] = ["cse", "serper"];

/** Options of the proxy client. */
export interface ProxyProviderOptions extends Omit<TransportOptions, "baseUrl"> {
  /** The proxy's address, e.g. `https://search.internal.example`; `/proxy/<backend>` is appended. */
  baseUrl: string;
  /** The bearer token the proxy expects. */
  token: string;
  /** Which upstream the proxy should ask. */
  backend: ProxyBackend;
}

const OWNER = "proxyProvider";

/**
 * A SearchProvider that asks a search proxy (`createSearchProxy`) instead of
 * holding provider keys: `POST <baseUrl>/proxy/<backend>` with
 * `Authorization: Bearer <token>` and `{ query, max_results }`. Retries as the
 * direct providers do, except on failures the proxy marks `retryable: false`
 * (it has already retried upstream).
 *
 * @example proxyProvider({ baseUrl: "http://127.0.0.1:8787", token: process.env.SEARCH_PROXY_TOKEN!, backend: "cse" })
 */
export function proxyProvider({ baseUrl, token, backend, ...rest }: ProxyProviderOptions): SearchProvider {
  const secret = requireString(OWNER, "token", token, "Pass the token the proxy was started with.");
  if (!PROXY_BACKENDS.includes(backend)) {
    throw new SearchConfigError({
      owner: OWNER,
      field: "backend",
      expected: `one of ${PROXY_BACKENDS.map((b) => `"${b}"`).join(", ")}`,
      received: describeValue(backend, { secret: false }),
    });
  }
  const transport = resolveTransport(OWNER, { ...rest, baseUrl: checkBaseUrl(OWNER, baseUrl) }, "");
  const name = `proxy:${backend}`;
  return {
    name,
    async search({ query, count, signal, onRetry }: SearchRequest): Promise<SearchResult[]> {
      const max_results = clampCount(count);
      const { body, attempts } = await fetchWithRetry(
        {
          url: `${transport.baseUrl}/proxy/${backend}`,
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            authorization: `Bearer ${secret}`,
          },
          body: JSON.stringify({ query, max_results }),
        },
        {
          provider: name,
          transport,
          signal,
          onRetry,
          secrets: [secret],
          retryableServerError: proxyErrorIsRetryable,
        },
      );
      try {
        return fromProxyResponse(body).slice(0, max_results);
      } catch (error) {
        throw responseError({ provider: name, error, secrets: [secret], attempts });
      }
    },
  };
}
