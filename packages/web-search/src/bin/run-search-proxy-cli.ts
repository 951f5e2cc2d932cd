import type { IncomingMessage } from "node:http";
import { GoogleCse } from "../providers/google-cse.js";
import { Serper } from "../providers/serper.js";
import type { ProxyBackend } from "../providers/proxy-provider.js";
import { type RunningSearchProxy, startSearchProxy } from "../proxy/start-search-proxy.js";
import { redactValues } from "../errors/redact.js";
import type { SearchProvider } from "../providers/search-provider.js";
import { proxyConfigFromEnv } from "./proxy-config-from-env.js";

/** Where the CLI reads its settings and writes its lines. */
export interface SearchProxyCliOptions {
  /** @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** Request and startup lines. @default console.log */
  log?: (line: string) => void;
  /** Configuration problems. @default console.error */
  error?: (line: string) => void;
}

/**
 * What the `toolkit-search-proxy` bin does: reads the environment, starts
 * the proxy, logs one line per request. Resolves with the running proxy, or
 * undefined (after printing each problem) when the environment is incomplete.
 */
export async function runSearchProxyCli({
  env = process.env,
  log = console.log,
  error = console.error,
}: SearchProxyCliOptions = {}): Promise<RunningSearchProxy | undefined> {
  const read = proxyConfigFromEnv(env);
  if (!read.ok) {
    for (const problem of read.problems) error(`toolkit-search-proxy: ${problem}`);
    return undefined;
  }
  const { config } = read;
  const providers: Partial<Record<ProxyBackend, SearchProvider>> = {};
  const secrets: string[] = [];
  if (config.cse) {
    providers.cse = new GoogleCse(config.cse);
    secrets.push(config.cse.apiKey);
  }
  if (config.serper) {
    providers.serper = new Serper(config.serper);
    secrets.push(config.serper.apiKey);
  }
  const proxy = await startSearchProxy({
    providers,
    token: config.token,
    host: config.host,
    port: config.port,
    cacheTtlMs: config.cacheTtlMs,
    cacheMaxEntries: config.cacheMaxEntries,
    rateLimit: config.rateLimit,
    sharedCache: config.sharedCache,
    headersTimeoutMs: config.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    secrets,
    log,
    ...(config.trustForwardedFor ? { clientId: forwardedClient } : {}),
  });
  const limit = config.rateLimit ? `${config.rateLimit.requests} per ${config.rateLimit.windowMs} ms` : "off";
  const line = `toolkit-search-proxy listening on ${proxy.baseUrl} (backends: ${Object.keys(providers).join(", ")}; cache ${config.cacheTtlMs} ms; rate limit ${limit})`;
  log(redactValues(line, [config.token, ...secrets]));
  return proxy;
}

/** The first `X-Forwarded-For` address, for a proxy behind a trusted reverse proxy. */
function forwardedClient(req: IncomingMessage): string {
  const header = req.headers["x-forwarded-for"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first || req.socket.remoteAddress || "unknown";
}
