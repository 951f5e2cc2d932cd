import { afterEach, describe, expect, it } from "vitest";
import type { RetryEvent } from "../http/transport-options.js";
import type { SearchProxyOptions } from "../proxy/proxy-options.js";
import { startSearchProxy } from "../proxy/start-search-proxy.js";
import { SearchError } from "../errors/search-error.js";
import { startCseStandIn, startSerperStandIn } from "../testing/index.js";
import { GoogleCse } from "./google-cse.js";
import { proxyProvider } from "./proxy-provider.js";
import { Serper } from "./serper.js";

const TOKEN = "client-token-SECRET-77";
const FAST = { attempts: 3, baseMs: 1, factor: 2, capMs: 4 };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function setUp(options: Partial<SearchProxyOptions> = {}) {
  const cse = await startCseStandIn();
  const serper = await startSerperStandIn();
  const logs: string[] = [];
  const proxy = await startSearchProxy({
    providers: {
      cse: new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl, retry: FAST }),
      serper: new Serper({ apiKey: serper.apiKey, baseUrl: serper.baseUrl, retry: FAST }),
    },
    token: TOKEN,
    log: (line) => logs.push(line),
    ...options,
  });
  open.push(cse, serper, proxy);
  return { cse, serper, proxy, logs };
}

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!SearchError.is(error)) throw new Error(`expected a SearchError, got ${String(error)}`);
  return error;
}

describe("proxyProvider", () => {
  describe("when the proxy answers", () => {
    it("POSTs { query, max_results } with the bearer token and maps the results", async () => {
      const { cse, proxy } = await setUp();
      cse.setResults([
        {
          title: "pnpm",
          url: "https://pnpm.io/",
          snippet: "Fast, disk space efficient.",
          displayLink: "pnpm.io",
        },
      ]);
      const provider = proxyProvider({
        baseUrl: `${proxy.baseUrl}/`,
        token: TOKEN,
        backend: "cse",
        retry: FAST,
      });
      expect(provider.name).toBe("proxy:cse");
      expect(await provider.search({ query: "pnpm", count: 3 })).toEqual([
        {
          title: "pnpm",
          url: "https://pnpm.io/",
          snippet: "Fast, disk space efficient.",
          displayLink: "pnpm.io",
        },
      ]);
      expect(cse.requests[0]?.params).toMatchObject({ q: "pnpm", num: "3" });
    });

    it("routes to the serper backend and never asks for more than 10", async () => {
      const { serper, proxy } = await setUp();
      const provider = proxyProvider({ baseUrl: proxy.baseUrl, token: TOKEN, backend: "serper" });
      expect(await provider.search({ query: "many", count: 40 })).toHaveLength(10);
      expect(serper.requests[0]?.json).toEqual({ q: "many", num: 10 });
    });
  });

  describe("when the token is wrong", () => {
    it("fails at once with the proxy's reason and without the token", async () => {
      const { proxy, logs } = await setUp();
      const wrong = "wrong-token-SECRET-1";
      const error = await failure(
        proxyProvider({ baseUrl: proxy.baseUrl, token: wrong, backend: "cse", retry: FAST }).search({
          query: "x",
          count: 1,
        }),
      );
      expect(error.message).toBe(
        "proxy:cse answered HTTP 401: missing or invalid bearer token: send `Authorization: Bearer <token>`",
      );
      expect(logs).toHaveLength(1);
      expect(`${error.message}${logs.join("")}`).not.toContain(wrong);
    });
  });

  describe("when the proxy reports an upstream failure it already retried", () => {
    it("does not retry it again", async () => {
      const { cse, proxy, logs } = await setUp();
      cse.enqueue(...[1, 2, 3].map(() => ({ type: "error" as const, status: 503 })));
      const provider = proxyProvider({ baseUrl: proxy.baseUrl, token: TOKEN, backend: "cse", retry: FAST });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(cse.requests).toHaveLength(3);
      expect(logs).toHaveLength(1);
      expect(error.message).toBe(
        "proxy:cse answered HTTP 502: upstream google-cse answered HTTP 503 (gave up after 3 attempts)",
      );
    });
  });

  describe("when the proxy rate-limits the client", () => {
    it("waits for Retry-After and tries again", async () => {
      const { proxy } = await setUp({ rateLimit: { requests: 1, windowMs: 1000 } });
      const events: RetryEvent[] = [];
      const provider = proxyProvider({
        baseUrl: proxy.baseUrl,
        token: TOKEN,
        backend: "cse",
        retry: FAST,
        onRetry: (e) => events.push(e),
      });
      await provider.search({ query: "one", count: 1 });
      expect(await provider.search({ query: "two", count: 1 })).toHaveLength(1);
      expect(events).toEqual([
        {
          provider: "proxy:cse",
          attempt: 1,
          delayMs: 1000,
          status: 429,
          reason: "rate limit: at most 1 requests per 1s per client; retry after 1s",
        },
      ]);
    });
  });

  describe("when the proxy is unreachable", () => {
    it("retries, then fails with kind `network`", async () => {
      const { proxy } = await setUp();
      const baseUrl = proxy.baseUrl;
      await proxy.close();
      const error = await failure(
        proxyProvider({ baseUrl, token: TOKEN, backend: "cse", retry: FAST }).search({
          query: "x",
          count: 1,
        }),
      );
      expect([error.kind, error.attempts]).toEqual(["network", 3]);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [
        { baseUrl: "http://x", token: "", backend: "cse" },
        "proxyProvider: `token` must be a non-empty string, got an empty string. Pass the token the proxy was started with.",
      ],
      [
        { baseUrl: "http://x", token: "t", backend: "bing" },
        'proxyProvider: `backend` must be one of "cse", "serper", got string ("bing").',
      ],
      [
        { baseUrl: "x", token: "t", backend: "cse" },
        'proxyProvider: `baseUrl` must be an http:// or https:// URL without a query or fragment, got string ("x").',
      ],
    ])("throws for %j", (options, message) => {
      expect(() => proxyProvider(options as Parameters<typeof proxyProvider>[0])).toThrow(message);
    });
  });
});
