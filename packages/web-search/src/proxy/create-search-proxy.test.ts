import { describe, expect, it } from "vitest";
import { GoogleCse } from "../providers/google-cse.js";
import { startCseStandIn } from "../testing/index.js";
import type { SearchProxyOptions } from "./proxy-options.js";
import { CSE_KEY, json, open, SERPER_KEY, setUp, TOKEN } from "./fixtures/proxy-fixture.js";
import { startSearchProxy } from "./start-search-proxy.js";

describe("createSearchProxy", () => {
  describe("when an authorised client searches", () => {
    it("answers { query, results } from the backend it names", async () => {
      const { cse, call } = await setUp();
      cse.setResults([
        { title: "Hono", url: "https://hono.dev/docs", snippet: "Web framework.", displayLink: "hono.dev" },
      ]);
      const reply = await call("/proxy/cse", { body: { query: "  hono   docs ", max_results: 3 } });
      expect(reply.status).toBe(200);
      expect(reply.headers["x-cache"]).toBe("miss");
      expect(json(reply)).toEqual({
        query: "hono docs",
        results: [
          {
            title: "Hono",
            url: "https://hono.dev/docs",
            snippet: "Web framework.",
            display_link: "hono.dev",
            rank: 1,
          },
        ],
      });
      expect(cse.requests[0]?.params).toMatchObject({ q: "hono docs", num: "3" });
    });

    it("asks Serper for the /proxy/serper route, 5 results by default", async () => {
      const { serper, call } = await setUp();
      const reply = await call("/proxy/serper", { body: { query: "turborepo" } });
      expect(reply.status).toBe(200);
      expect((json(reply) as { results: unknown[] }).results).toHaveLength(5);
      expect(serper.requests[0]?.json).toEqual({ q: "turborepo", num: 5 });
    });

    it("answers an empty result list", async () => {
      const { cse, call } = await setUp();
      cse.setResults([]);
      const reply = await call("/proxy/cse", { body: { query: "nothing here" } });
      expect(json(reply)).toEqual({ query: "nothing here", results: [] });
    });
  });

  describe("when the bearer token is missing or wrong", () => {
    it.each([
      ["no header", null],
      ["a wrong token", "Bearer nope"],
      ["another scheme", `Basic ${TOKEN}`],
      ["the token with a suffix", `Bearer ${TOKEN}x`],
    ])("answers 401 for %s and never asks upstream", async (_name, auth) => {
      const { cse, call } = await setUp();
      const reply = await call("/proxy/cse", { body: { query: "x" }, auth });
      expect(reply.status).toBe(401);
      expect(reply.headers["www-authenticate"]).toBe('Bearer realm="toolkit-search-proxy"');
      expect(json(reply)).toEqual({
        error: "missing or invalid bearer token: send `Authorization: Bearer <token>`",
      });
      expect(cse.requests).toHaveLength(0);
    });
  });

  describe("when the body is bad", () => {
    it.each([
      [
        "not JSON",
        "{query:",
        'the body must be JSON like {"query": "...", "max_results": 5}; got text that is not JSON',
      ],
      ["empty", "", 'the body must be JSON like {"query": "...", "max_results": 5}; got an empty body'],
      ["an array", "[]", "the body must be a JSON object, got an array"],
      ["without query", "{}", "missing required field `query` (expected a non-empty string)"],
      ["a numeric query", '{"query":5}', "`query` must be a non-empty string, got number (5)"],
      ["a blank query", '{"query":" \\n "}', "`query` must not be empty or only whitespace"],
      [
        "max_results 11",
        '{"query":"a","max_results":11}',
        "`max_results` must be an integer from 1 to 10, got number (11)",
      ],
      [
        "max_results 0",
        '{"query":"a","max_results":0}',
        "`max_results` must be an integer from 1 to 10, got number (0)",
      ],
      [
        "max_results 2.5",
        '{"query":"a","max_results":2.5}',
        "`max_results` must be an integer from 1 to 10, got number (2.5)",
      ],
      [
        "max_results as text",
        '{"query":"a","max_results":"5"}',
        '`max_results` must be an integer from 1 to 10, got string ("5")',
      ],
      ["an unknown field", '{"query":"a","num":3}', "unexpected field `num` (allowed: query, max_results)"],
      [
        "a huge query",
        JSON.stringify({ query: "q".repeat(2049) }),
        "`query` has 2049 characters; the limit is 2048",
      ],
    ])("answers 400 for %s with the reason", async (_name, raw, reason) => {
      const { cse, call } = await setUp();
      const reply = await call("/proxy/cse", { raw });
      expect(reply.status).toBe(400);
      expect(json(reply)).toEqual({ error: reason });
      expect(cse.requests).toHaveLength(0);
    });

    it("answers 413 for a body over the limit", async () => {
      const { call } = await setUp({ maxBodyBytes: 64 });
      const reply = await call("/proxy/cse", { body: { query: "x".repeat(100) } });
      expect(reply.status).toBe(413);
      expect(json(reply)).toEqual({ error: "the body has 112 bytes; the limit is 64" });
    });
  });

  describe("when the route or method is wrong", () => {
    it("answers 404 for an unknown path, 405 for GET, 404 for a backend without a provider", async () => {
      const cse = await startCseStandIn({ apiKey: CSE_KEY });
      const proxy = await startSearchProxy({
        providers: { cse: new GoogleCse({ apiKey: CSE_KEY, cx: cse.cx, baseUrl: cse.baseUrl }) },
        token: TOKEN,
      });
      open.push(cse, proxy);
      const post = (path: string, method = "POST") =>
        fetch(`${proxy.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN}` },
          ...(method === "POST" ? { body: '{"query":"a"}' } : {}),
        });
      const unknown = await post("/search");
      expect([unknown.status, await unknown.json()]).toEqual([
        404,
        { error: "no route for POST /search; use POST /proxy/cse or POST /proxy/serper" },
      ]);
      const get = await post("/proxy/cse", "GET");
      expect([get.status, get.headers.get("allow"), await get.json()]).toEqual([
        405,
        "POST",
        { error: "/proxy/cse accepts POST only, got GET" },
      ]);
      const serper = await post("/proxy/serper");
      expect([serper.status, await serper.json()]).toEqual([
        404,
        { error: "backend `serper` is not configured on this proxy (configured: cse)" },
      ]);
      const health = await fetch(`${proxy.baseUrl}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { ok: true, backends: ["cse"] }]);
    });
  });

  describe("when the same search repeats", () => {
    it("serves it from the cache, keyed by backend, normalised query and count", async () => {
      const { cse, serper, call } = await setUp();
      const first = await call("/proxy/cse", { body: { query: "cache me", max_results: 4 } });
      const second = await call("/proxy/cse", { body: { query: " cache   me", max_results: 4 } });
      expect(second.headers["x-cache"]).toBe("hit");
      expect(second.text).toBe(first.text);
      expect(cse.requests).toHaveLength(1);
      expect(
        (await call("/proxy/cse", { body: { query: "cache me", max_results: 5 } })).headers["x-cache"],
      ).toBe("miss");
      expect(
        (await call("/proxy/serper", { body: { query: "cache me", max_results: 4 } })).headers["x-cache"],
      ).toBe("miss");
      expect(cse.requests).toHaveLength(2);
      expect(serper.requests).toHaveLength(1);
    });

    it("asks upstream again once the entry is older than cacheTtlMs", async () => {
      let now = 1_000_000;
      const { cse, call } = await setUp({ cacheTtlMs: 60_000, now: () => now });
      await call("/proxy/cse", { body: { query: "ttl" } });
      now += 59_999;
      expect((await call("/proxy/cse", { body: { query: "ttl" } })).headers["x-cache"]).toBe("hit");
      now += 1;
      expect((await call("/proxy/cse", { body: { query: "ttl" } })).headers["x-cache"]).toBe("miss");
      expect(cse.requests).toHaveLength(2);
    });

    it("keeps at most cacheMaxEntries results", async () => {
      const { cse, call } = await setUp({ cacheMaxEntries: 2 });
      for (const query of ["a", "b", "c", "a"]) await call("/proxy/cse", { body: { query } });
      expect(cse.requests.map((r) => r.params.q)).toEqual(["a", "b", "c", "a"]);
    });

    it("never caches a failure", async () => {
      const { cse, call } = await setUp();
      cse.enqueue({ type: "error", status: 400, reason: "Invalid Value" });
      expect((await call("/proxy/cse", { body: { query: "retry me" } })).status).toBe(502);
      expect((await call("/proxy/cse", { body: { query: "retry me" } })).status).toBe(200);
      expect(cse.requests).toHaveLength(2);
    });
  });

  describe("when a client sends too many requests", () => {
    it("answers 429 with Retry-After, per client, and lets it in again later", async () => {
      let now = 5_000_000;
      const { call } = await setUp({
        rateLimit: { requests: 2, windowMs: 60_000 },
        clientId: (req) => String(req.headers["x-client"] ?? "anon"),
        now: () => now,
      });
      const as = (client: string) =>
        call("/proxy/cse", { body: { query: "limit" }, headers: { "x-client": client } });
      expect((await as("a")).status).toBe(200);
      expect((await as("a")).status).toBe(200);
      const limited = await as("a");
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toBe("30");
      expect(json(limited)).toEqual({
        error: "rate limit: at most 2 requests per 60s per client; retry after 30s",
      });
      expect((await as("b")).status).toBe(200);
      now += 30_000;
      expect((await as("a")).status).toBe(200);
    });

    it("counts requests without a valid token too", async () => {
      const { call } = await setUp({ rateLimit: { requests: 1, windowMs: 60_000 } });
      expect((await call("/proxy/cse", { body: { query: "x" }, auth: "Bearer guess" })).status).toBe(401);
      expect((await call("/proxy/cse", { body: { query: "x" } })).status).toBe(429);
    });
  });

  describe("when the upstream fails", () => {
    it("answers 502 with the status but not the provider's reason for a 4xx, marked not retryable", async () => {
      const { cse, call } = await setUp();
      cse.enqueue({ type: "error", status: 400, reason: "Invalid Value" });
      const reply = await call("/proxy/cse", { body: { query: "x" } });
      expect([reply.status, json(reply)]).toEqual([
        502,
        { error: "upstream google-cse answered HTTP 400", retryable: false },
      ]);
    });

    it("answers 502 after the upstream 503s ran out of attempts", async () => {
      const { serper, call } = await setUp();
      serper.enqueue(...[1, 2, 3].map(() => ({ type: "error" as const, status: 503 })));
      const reply = await call("/proxy/serper", { body: { query: "x" } });
      expect(json(reply)).toEqual({
        error: "upstream serper answered HTTP 503 (gave up after 3 attempts)",
        retryable: false,
      });
      expect(serper.requests).toHaveLength(3);
    });

    it("answers 503 with Retry-After when the upstream asks to wait too long", async () => {
      const { cse, call } = await setUp();
      cse.enqueue({ type: "error", status: 429, retryAfter: 120 });
      const reply = await call("/proxy/cse", { body: { query: "x" } });
      expect(reply.status).toBe(503);
      expect(reply.headers["retry-after"]).toBe("120");
      expect(cse.requests).toHaveLength(1);
    });

    it("answers 504 when the upstream hangs past its timeout", async () => {
      const { cse, call } = await setUp({}, { timeoutMs: 250 });
      cse.enqueue({ type: "hang" }, { type: "hang" }, { type: "hang" });
      const reply = await call("/proxy/cse", { body: { query: "x" } });
      expect([reply.status, json(reply)]).toEqual([
        504,
        {
          error: "upstream google-cse did not answer within 250 ms (gave up after 3 attempts)",
          retryable: false,
        },
      ]);
    });
  });

  describe("when a custom provider throws something unexpected", () => {
    it("answers 502 and logs only the error's class, never its message", async () => {
      const logs: string[] = [];
      const broken = {
        name: "broken",
        search: async () => Promise.reject(new RangeError(`bad state, key=${CSE_KEY}`)),
      };
      const proxy = await startSearchProxy({
        providers: { cse: broken },
        token: TOKEN,
        secrets: [CSE_KEY],
        log: (l) => logs.push(l),
      });
      open.push(proxy);
      const reply = await fetch(`${proxy.baseUrl}/proxy/cse`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}` },
        body: '{"query":"x"}',
      });
      expect([reply.status, await reply.json()]).toEqual([
        502,
        { error: "the upstream search failed unexpectedly", retryable: false },
      ]);
      expect(logs[0]).toMatch(/ 502 .* detail="RangeError"$/);
      expect(logs[0]).not.toContain("bad state");
    });
  });

  describe("when the log sink throws", () => {
    it("still answers and keeps serving", async () => {
      const { call } = await setUp({
        log: () => {
          throw new Error("disk full");
        },
      });
      expect((await call("/proxy/cse", { body: { query: "a" } })).status).toBe(200);
      expect((await call("/proxy/cse", { body: { query: "b" } })).status).toBe(200);
    });
  });

  describe("when the client goes away mid-search", () => {
    it("cancels the upstream search and logs 499", async () => {
      const { cse, proxy, logs } = await setUp();
      cse.enqueue({ type: "hang" });
      const controller = new AbortController();
      const pending = fetch(`${proxy.baseUrl}/proxy/cse`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}` },
        body: '{"query":"gone"}',
        signal: controller.signal,
      }).catch(() => "aborted");
      while (cse.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      expect(await pending).toBe("aborted");
      while (logs.length === 0) await new Promise((r) => setTimeout(r, 5));
      expect(logs[0]).toMatch(
        /^POST \/proxy\/cse 499 \d+ms client=127\.0\.0\.1 error="the client closed the request"$/,
      );
      expect(cse.requests).toHaveLength(1);
    });
  });

  describe("when anything at all happens", () => {
    it("never shows a provider key or the token in a response, a header or a log line", async () => {
      const { cse, serper, call, logs, seen } = await setUp(
        { rateLimit: { requests: 11, windowMs: 60_000 } },
        { timeoutMs: 1000, attempts: 1 },
      );
      cse.enqueue({ type: "error", status: 400, reason: `bad key ${CSE_KEY}` }, { type: "hang" });
      serper.enqueue(
        { type: "error", status: 403, reason: `Unauthorized ${SERPER_KEY}` },
        { type: "error", status: 429, retryAfter: 999 },
      );
      await call("/proxy/cse", { body: { query: "leak?" } });
      await call("/proxy/cse", { body: { query: "hang" } });
      await call("/proxy/serper", { body: { query: "leak?" } });
      await call("/proxy/serper", { body: { query: "wait" } });
      await call("/proxy/serper", { body: { query: TOKEN } });
      await call("/proxy/cse", { body: { query: "ok" } });
      await call("/proxy/cse", { body: { query: "ok" } });
      await call("/proxy/cse", { raw: `{"query":"${CSE_KEY}","bad":1}` });
      await call("/proxy/cse", { body: { query: "x" }, auth: `Bearer ${SERPER_KEY}` });
      await call("/nowhere", { body: { query: "x" } });
      for (let i = 0; i < 3; i++) await call("/proxy/cse", { body: { query: `burst ${i}` } });
      expect(seen.map((s) => s.status)).toEqual([
        502, 504, 502, 503, 200, 200, 200, 400, 401, 404, 200, 200, 429,
      ]);
      expect(logs).toHaveLength(seen.length);
      expect(logs[0]).toMatch(
        /^POST \/proxy\/cse 502 \d+ms client=127\.0\.0\.1 error="upstream google-cse answered HTTP 400"$/,
      );
      expect(logs[6]).toMatch(/^POST \/proxy\/cse 200 \d+ms client=127\.0\.0\.1 cache=hit results=5$/);
      const everything = [...logs, ...seen.map((s) => `${JSON.stringify(s.headers)} ${s.text}`)].join("\n");
      for (const secret of [CSE_KEY, SERPER_KEY, TOKEN]) expect(everything).not.toContain(secret);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [
        { providers: {}, token: TOKEN },
        "createSearchProxy: `providers` must be an object with a SearchProvider under `cse` and/or `serper`, got no provider.",
      ],
      [
        { providers: { bing: {} }, token: TOKEN },
        "createSearchProxy: `providers.bing` must be one of the backends (cse, serper), got an unknown backend.",
      ],
      [
        { providers: { cse: {} }, token: TOKEN },
        "createSearchProxy: `providers.cse` must be a SearchProvider (an object with a `search` method), got an object.",
      ],
      [
        { providers: { cse: { name: "x", search: async () => [] } }, token: "" },
        "createSearchProxy: `token` must be a non-empty string, got an empty string.",
      ],
      [
        {
          providers: { cse: { name: "x", search: async () => [] } },
          token: "t",
          rateLimit: { requests: 0, windowMs: 1 },
        },
        "createSearchProxy: `rateLimit.requests` must be an integer of at least 1, got number (0).",
      ],
      [
        { providers: { cse: { name: "x", search: async () => [] } }, token: [] },
        "createSearchProxy: `token` must be at least one token, got an empty array.",
      ],
      [
        { providers: { cse: { name: "x", search: async () => [] } }, token: ["a", ""] },
        "createSearchProxy: `token[1]` must be a non-empty string, got an empty string.",
      ],
      [
        { providers: { cse: { name: "x", search: async () => [] } }, token: "t", sharedCache: "yes" },
        "createSearchProxy: `sharedCache` must be a boolean, got string",
      ],
      [
        { providers: { cse: { name: "x", search: async () => [] } }, token: "t", requestTimeoutMs: 0 },
        "startSearchProxy: `requestTimeoutMs` must be a positive number of milliseconds, got number (0).",
      ],
    ])("throws for %j", async (options, message) => {
      await expect(startSearchProxy(options as unknown as SearchProxyOptions)).rejects.toThrow(message);
    });
  });
});
