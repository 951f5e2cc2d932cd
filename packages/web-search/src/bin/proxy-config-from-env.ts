import type { RateLimit } from "../proxy/rate-limiter.js";

/** The proxy's settings, read from the environment. */
export interface ProxyConfig {
  host: string;
  port: number;
  token: string;
  cse?: { apiKey: string; cx: string; baseUrl?: string };
  serper?: { apiKey: string; baseUrl?: string };
  cacheTtlMs: number;
  cacheMaxEntries: number;
  rateLimit: RateLimit | false;
  trustForwardedFor: boolean;
  sharedCache: boolean;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** The environment variables the bin reads, with their defaults (documented in the README). */
export const PROXY_ENV = {
  token: "TOOLKIT_SEARCH_PROXY_TOKEN",
  host: "TOOLKIT_SEARCH_PROXY_HOST",
  port: "TOOLKIT_SEARCH_PROXY_PORT",
  cacheTtlMs: "TOOLKIT_SEARCH_PROXY_CACHE_TTL_MS",
  cacheMaxEntries: "TOOLKIT_SEARCH_PROXY_CACHE_MAX_ENTRIES",
  rateRequests: "TOOLKIT_SEARCH_PROXY_RATE_LIMIT_REQUESTS",
  rateWindowMs: "TOOLKIT_SEARCH_PROXY_RATE_LIMIT_WINDOW_MS",
  trustForwardedFor: "TOOLKIT_SEARCH_PROXY_TRUST_FORWARDED_FOR",
  sharedCache: "TOOLKIT_SEARCH_PROXY_SHARED_CACHE",
  headersTimeoutMs: "TOOLKIT_SEARCH_PROXY_HEADERS_TIMEOUT_MS",
  requestTimeoutMs: "TOOLKIT_SEARCH_PROXY_REQUEST_TIMEOUT_MS",
  cseKey: "GOOGLE_CSE_API_KEY",
  cseCx: "GOOGLE_CSE_CX",
  cseBaseUrl: "GOOGLE_CSE_BASE_URL",
  serperKey: "SERPER_API_KEY",
  serperBaseUrl: "SERPER_BASE_URL",
} as const;

/**
 * Reads the proxy's settings from environment variables. Pure. Problems name
 * the variable and what it must be, never a secret's value.
 */
export function proxyConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; config: ProxyConfig } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const text = get(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
    }
    return value;
  };
  const token = get(PROXY_ENV.token);
  if (!token) problems.push(`${PROXY_ENV.token} is required: the bearer token clients must send`);
  const cseKey = get(PROXY_ENV.cseKey);
  const cseCx = get(PROXY_ENV.cseCx);
  if (Boolean(cseKey) !== Boolean(cseCx))
    problems.push(`${PROXY_ENV.cseKey} and ${PROXY_ENV.cseCx} must be set together`);
  const serperKey = get(PROXY_ENV.serperKey);
  if (!(cseKey && cseCx) && !serperKey) {
    problems.push(
      `set ${PROXY_ENV.cseKey} and ${PROXY_ENV.cseCx}, or ${PROXY_ENV.serperKey} (or both): no backend is configured`,
    );
  }
  const port = int(PROXY_ENV.port, 8787, 0, 65535);
  const cacheTtlMs = int(PROXY_ENV.cacheTtlMs, 86_400_000, 0);
  const cacheMaxEntries = int(PROXY_ENV.cacheMaxEntries, 1000, 0);
  const requests = int(PROXY_ENV.rateRequests, 60, 0);
  const windowMs = int(PROXY_ENV.rateWindowMs, 60_000, 1);
  const headersTimeoutMs = int(PROXY_ENV.headersTimeoutMs, 10_000, 1);
  const requestTimeoutMs = int(PROXY_ENV.requestTimeoutMs, 30_000, 1);
  const yes = (name: string): boolean => ["1", "true", "yes"].includes(get(name)?.toLowerCase() ?? "");
  if (problems.length > 0 || !token) return { ok: false, problems };
  const cseBaseUrl = get(PROXY_ENV.cseBaseUrl);
  const serperBaseUrl = get(PROXY_ENV.serperBaseUrl);
  const config: ProxyConfig = {
    host: get(PROXY_ENV.host) ?? "127.0.0.1",
    port,
    token,
    cacheTtlMs,
    cacheMaxEntries,
    rateLimit: requests === 0 ? false : { requests, windowMs },
    trustForwardedFor: yes(PROXY_ENV.trustForwardedFor),
    sharedCache: yes(PROXY_ENV.sharedCache),
    headersTimeoutMs,
    requestTimeoutMs,
  };
  if (cseKey && cseCx)
    config.cse = { apiKey: cseKey, cx: cseCx, ...(cseBaseUrl ? { baseUrl: cseBaseUrl } : {}) };
  if (serperKey) config.serper = { apiKey: serperKey, ...(serperBaseUrl ? { baseUrl: serperBaseUrl } : {}) };
  return { ok: true, config };
}
