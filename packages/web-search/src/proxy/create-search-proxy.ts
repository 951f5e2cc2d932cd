import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { type ProxyBackend, PROXY_BACKENDS } from "../providers/proxy-provider.js";
import { type ProxyResponseBody, toProxyResponse } from "../providers/proxy-wire.js";
import { redactValues } from "../errors/redact.js";
import { matchBearer } from "./bearer.js";
import { parseProxyBody } from "./proxy-body.js";
import { type ResolvedProxyOptions, type SearchProxyOptions, resolveProxyOptions } from "./proxy-options.js";
import { RateLimiter } from "./rate-limiter.js";
import { readBody } from "./read-body.js";
import { ResultCache } from "./result-cache.js";
import { upstreamFailure } from "./upstream-failure.js";

/** A Node request handler, usable with `http.createServer(handler)` or as a route of another server. */
export type SearchProxyHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A cached answer and how long the upstream took to give it. */
interface Cached {
  body: ProxyResponseBody;
  upstreamMs: number;
}

/**
 * The longest a shared-cache hit is held to look like a miss. An upstream
 * slower than this still tells a hit by its speed; the cap keeps a hit from
 * holding a connection for as long as a timed-out upstream did.
 */
const MAX_HIT_PAD_MS = 10_000;

/** What one request came to, for the log line. */
interface Outcome {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  cache?: "hit" | "miss";
  results?: number;
  /** Logged, never sent. */
  detail?: string;
}

/**
 * The key-holding search proxy: serves `POST /proxy/cse` and `POST /proxy/serper`
 * with `{ query, max_results? }` and answers `{ query, results: [{ title, url,
 * snippet, display_link, rank }] }`. Requires `Authorization: Bearer <token>`
 * (401), refuses a body over `maxBodyBytes` from its `Content-Length`
 * before reading it (413), validates the body (400 with the reason), caches
 * results per token and client by backend + query + count, and limits each
 * client (429 with `Retry-After`). Upstream failures are answered with the
 * status and a fixed reason, never the upstream's text. No response, error or
 * log line ever holds the token or a provider key. `GET /healthz` answers
 * without a token. Mounted on a server of your own, bound slow clients there
 * (`headersTimeout`, `requestTimeout`), as `startSearchProxy` does.
 *
 * @example http.createServer(createSearchProxy({ providers: { cse: new GoogleCse({ apiKey, cx }) }, token })).listen(8787)
 */
export function createSearchProxy(options: SearchProxyOptions): SearchProxyHandler {
  const o = resolveProxyOptions(options);
  const cache = new ResultCache<Cached>({
    ttlMs: o.cacheTtlMs,
    maxEntries: o.cacheMaxEntries,
    now: o.now,
  });
  const limiter = o.rateLimit === false ? undefined : new RateLimiter({ limit: o.rateLimit, now: o.now });
  const clean = (text: string): string => redactValues(text, o.secrets);

  return async function searchProxy(req, res) {
    const started = Date.now();
    const path = pathOf(req.url);
    const client = safeClientId(o, req);
    let outcome: Outcome;
    try {
      outcome = await route(req, res, path, client);
    } catch (error) {
      outcome = { status: 500, body: { error: "internal error in the search proxy" }, detail: String(error) };
    }
    try {
      if (!res.headersSent && !res.destroyed) {
        const body = JSON.stringify(outcome.body, (_k, v: unknown) => (typeof v === "string" ? clean(v) : v));
        res.writeHead(outcome.status, {
          "content-type": "application/json; charset=utf-8",
          "cache-control": "no-store",
          // A body left unread (refused, or never needed) is not drained: the connection ends instead.
          ...(req.complete ? {} : { connection: "close" }),
          ...outcome.headers,
        });
        res.end(body);
      }
      o.log?.(clean(logLine(req.method ?? "?", path, outcome, Date.now() - started, client)));
    } catch {
      // A broken socket or a throwing log sink must not crash the server (the handler's promise is not awaited).
      res.destroy();
    }
  };

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    client: string,
  ): Promise<Outcome> {
    if (req.method === "GET" && path === "/healthz") {
      return { status: 200, body: { ok: true, backends: [...o.providers.keys()] } };
    }
    const backend = PROXY_BACKENDS.find((b) => path === `/proxy/${b}`);
    if (!backend) {
      return {
        status: 404,
        body: { error: `no route for ${req.method} ${path}; use POST /proxy/cse or POST /proxy/serper` },
      };
    }
    if (req.method !== "POST") {
      return {
        status: 405,
        headers: { allow: "POST" },
        body: { error: `${path} accepts POST only, got ${req.method}` },
      };
    }
    const decision = limiter?.take(client);
    if (decision && !decision.allowed && o.rateLimit !== false) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      const { requests, windowMs } = o.rateLimit;
      return {
        status: 429,
        headers: { "retry-after": String(seconds) },
        body: {
          error: `rate limit: at most ${requests} requests per ${windowMs / 1000}s per client; retry after ${seconds}s`,
        },
      };
    }
    const tokenIndex = matchBearer(req.headers.authorization, o.tokens);
    if (tokenIndex < 0) {
      return {
        status: 401,
        headers: { "www-authenticate": 'Bearer realm="toolkit-search-proxy"' },
        body: { error: "missing or invalid bearer token: send `Authorization: Bearer <token>`" },
      };
    }
    // Results are cached per token and client unless sharing was asked for: a hit tells who searched what.
    const scope: readonly unknown[] = o.sharedCache ? [] : [tokenIndex, client];
    return search(req, res, backend, scope);
  }

  async function search(
    req: IncomingMessage,
    res: ServerResponse,
    backend: ProxyBackend,
    scope: readonly unknown[],
  ): Promise<Outcome> {
    const provider = o.providers.get(backend);
    if (!provider) {
      const configured = [...o.providers.keys()].join(", ");
      return {
        status: 404,
        body: { error: `backend \`${backend}\` is not configured on this proxy (configured: ${configured})` },
      };
    }
    const read = await readBody(req, o.maxBodyBytes);
    if (!read.ok) return { status: 413, body: { error: read.reason } };
    const parsed = parseProxyBody(read.text, { maxQueryChars: o.maxQueryChars });
    if (!parsed.ok) return { status: 400, body: { error: parsed.reason } };
    const { query, maxResults } = parsed.value;
    const key = JSON.stringify([...scope, backend, maxResults, query]);
    // A private cache tells a client only about its own searches. A shared
    // one must not tell it about others': no X-Cache, and a hit held as long
    // as its miss took upstream.
    const tell = (cache: "hit" | "miss"): Record<string, string> =>
      o.sharedCache ? {} : { "x-cache": cache };
    const controller = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) controller.abort();
    };
    res.once("close", onClose);
    try {
      const cached = cache.get(key);
      if (cached) {
        if (o.sharedCache) await holdLike(cached.upstreamMs, controller.signal);
        return {
          status: 200,
          body: { ...cached.body },
          headers: tell("hit"),
          cache: "hit",
          results: cached.body.results.length,
        };
      }
      const asked = performance.now();
      const results = await provider.search({ query, count: maxResults, signal: controller.signal });
      const body = toProxyResponse(query, results.slice(0, maxResults));
      cache.set(key, { body, upstreamMs: performance.now() - asked });
      return {
        status: 200,
        body: { ...body },
        headers: tell("miss"),
        cache: "miss",
        results: body.results.length,
      };
    } catch (error) {
      const failure = upstreamFailure(error);
      const headers: Record<string, string> =
        failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) };
      const outcome: Outcome = {
        status: failure.status,
        headers,
        body: { error: failure.error, retryable: false },
      };
      return failure.detail === undefined ? outcome : { ...outcome, detail: failure.detail };
    } finally {
      res.off("close", onClose);
    }
  }
}

/** Waits `ms` (at most MAX_HIT_PAD_MS); ends early, without throwing, when the client has gone. */
async function holdLike(ms: number, signal: AbortSignal): Promise<void> {
  await delay(Math.min(ms, MAX_HIT_PAD_MS), undefined, { signal }).catch(() => undefined);
}

function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://proxy").pathname;
  } catch {
    return "/";
  }
}

function safeClientId(o: ResolvedProxyOptions, req: IncomingMessage): string {
  try {
    return o.clientId(req);
  } catch {
    return "unknown";
  }
}

function logLine(method: string, path: string, outcome: Outcome, ms: number, client: string): string {
  const parts = [method, path, String(outcome.status), `${ms}ms`, `client=${client}`];
  if (outcome.cache) parts.push(`cache=${outcome.cache}`);
  if (outcome.results !== undefined) parts.push(`results=${outcome.results}`);
  if (typeof outcome.body.error === "string") parts.push(`error=${JSON.stringify(outcome.body.error)}`);
  if (outcome.detail !== undefined) parts.push(`detail=${JSON.stringify(outcome.detail)}`);
  return parts.join(" ");
}
