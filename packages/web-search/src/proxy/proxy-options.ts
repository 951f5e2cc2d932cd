import type { IncomingMessage } from "node:http";
import { SearchConfigError, describeValue } from "../errors/config-error.js";
import { requireString } from "../http/transport-options.js";
import { PROXY_BACKENDS, type ProxyBackend } from "../providers/proxy-provider.js";
import type { SearchProvider } from "../providers/search-provider.js";
import type { RateLimit } from "./rate-limiter.js";

/** Options of `createSearchProxy`. */
export interface SearchProxyOptions {
  /** The upstream for each backend served; at least one. */
  providers: Partial<Record<ProxyBackend, SearchProvider>>;
  /**
   * The bearer token clients must send, or one token per client: the cache
   * is kept apart per token (and per `clientId`) unless `sharedCache` is set.
   */
  token: string | readonly string[];
  /**
   * Serve one client's cached results to every client. Off by default,
   * because a fast hit tells a client that someone else searched the same
   * words. When on, responses carry no `X-Cache` and a hit is held as long
   * as the upstream took for its miss (at most 10 s).
   * @default false
   */
  sharedCache?: boolean;
  /** How long a result is served from the cache. 0 disables the cache. @default 86_400_000 (24 h) */
  cacheTtlMs?: number;
  /** The most cached results. @default 1000 */
  cacheMaxEntries?: number;
  /** Requests per client, or `false` for no limit. @default { requests: 60, windowMs: 60_000 } */
  rateLimit?: RateLimit | false;
  /** Names the client for the rate limit and the cache. @default the socket's remote address */
  clientId?: (req: IncomingMessage) => string;
  /** The largest request body accepted. @default 16_384 */
  maxBodyBytes?: number;
  /** The longest query accepted. @default 2048 */
  maxQueryChars?: number;
  /** Receives one line per request (method, path, status, cache, results, duration, client, error). @default none */
  log?: (line: string) => void;
  /** More values to remove from every response and log line (e.g. the provider keys). The token always is. */
  secrets?: readonly string[];
  /** The clock for the cache and the rate limit. @default Date.now */
  now?: () => number;
}

/** Proxy options with every default applied. */
export interface ResolvedProxyOptions {
  providers: ReadonlyMap<ProxyBackend, SearchProvider>;
  tokens: readonly string[];
  sharedCache: boolean;
  cacheTtlMs: number;
  cacheMaxEntries: number;
  rateLimit: RateLimit | false;
  clientId: (req: IncomingMessage) => string;
  maxBodyBytes: number;
  maxQueryChars: number;
  log: ((line: string) => void) | undefined;
  secrets: readonly string[];
  now: () => number;
}

const OWNER = "createSearchProxy";
const DAY_MS = 86_400_000;

/** Validates proxy options once; throws a SearchConfigError naming the field. */
export function resolveProxyOptions(options: SearchProxyOptions): ResolvedProxyOptions {
  const {
    providers,
    token,
    sharedCache = false,
    cacheTtlMs = DAY_MS,
    cacheMaxEntries = 1000,
    rateLimit = { requests: 60, windowMs: 60_000 },
    clientId = (req) => req.socket.remoteAddress ?? "unknown",
    maxBodyBytes = 16_384,
    maxQueryChars = 2048,
    log,
    secrets = [],
    now = Date.now,
  } = options;
  const tokens = checkTokens(token);
  if (typeof sharedCache !== "boolean") {
    throw new SearchConfigError({
      owner: OWNER,
      field: "sharedCache",
      expected: "a boolean",
      received: describeValue(sharedCache),
    });
  }
  nonNegative("cacheTtlMs", cacheTtlMs);
  nonNegative("cacheMaxEntries", cacheMaxEntries, true);
  nonNegative("maxBodyBytes", maxBodyBytes, true);
  nonNegative("maxQueryChars", maxQueryChars, true);
  if (rateLimit !== false) {
    if (!Number.isInteger(rateLimit?.requests) || rateLimit.requests < 1) {
      throw new SearchConfigError({
        owner: OWNER,
        field: "rateLimit.requests",
        expected: "an integer of at least 1",
        received: describeValue(rateLimit?.requests),
      });
    }
    if (!(rateLimit.windowMs > 0)) {
      throw new SearchConfigError({
        owner: OWNER,
        field: "rateLimit.windowMs",
        expected: "a positive number of milliseconds",
        received: describeValue(rateLimit.windowMs),
      });
    }
  }
  return {
    providers: checkProviders(providers),
    tokens,
    sharedCache,
    cacheTtlMs,
    cacheMaxEntries,
    rateLimit,
    clientId,
    maxBodyBytes,
    maxQueryChars,
    log,
    secrets: [...tokens, ...secrets.filter((s) => typeof s === "string" && s !== "")],
    now,
  };
}

function checkTokens(token: unknown): string[] {
  const fix =
    "Pass the token clients will send as `Authorization: Bearer <token>` (or an array, one per client).";
  if (!Array.isArray(token)) {
    return [requireString(OWNER, "token", token, fix)];
  }
  if (token.length === 0) {
    throw new SearchConfigError({
      owner: OWNER,
      field: "token",
      expected: "at least one token",
      received: "an empty array",
      fix,
    });
  }
  return token.map((t: unknown, i) => requireString(OWNER, `token[${i}]`, t, fix));
}

function checkProviders(providers: unknown): Map<ProxyBackend, SearchProvider> {
  const expected = `an object with a SearchProvider under ${PROXY_BACKENDS.map((b) => `\`${b}\``).join(" and/or ")}`;
  if (typeof providers !== "object" || providers === null) {
    throw new SearchConfigError({
      owner: OWNER,
      field: "providers",
      expected,
      received: describeValue(providers),
    });
  }
  const map = new Map<ProxyBackend, SearchProvider>();
  for (const [name, provider] of Object.entries(providers)) {
    const backend = PROXY_BACKENDS.find((b) => b === name);
    if (!backend)
      throw new SearchConfigError({
        owner: OWNER,
        field: `providers.${name}`,
        expected: `one of the backends (${PROXY_BACKENDS.join(", ")})`,
        received: "an unknown backend",
      });
    if (provider === undefined) continue;
    if (typeof (provider as { search?: unknown }).search !== "function") {
      throw new SearchConfigError({
        owner: OWNER,
        field: `providers.${name}`,
        expected: "a SearchProvider (an object with a `search` method)",
        received: describeValue(provider),
      });
    }
    map.set(backend, provider as SearchProvider);
  }
  if (map.size === 0)
    throw new SearchConfigError({ owner: OWNER, field: "providers", expected, received: "no provider" });
  return map;
}

function nonNegative(field: string, value: unknown, integer = false): void {
  if (typeof value !== "number" || !(value >= 0) || (integer && !Number.isInteger(value))) {
    throw new SearchConfigError({
      owner: OWNER,
      field,
      expected: integer ? "an integer, 0 or more" : "a number, 0 or more",
      received: describeValue(value),
    });
  }
}
