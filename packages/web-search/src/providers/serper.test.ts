import { afterEach, describe, expect, it } from "vitest";
import { SearchError } from "../errors/search-error.js";
import { type SerperStandIn, startSerperStandIn } from "../testing/index.js";
import { Serper } from "./serper.js";

const FAST = { attempts: 3, baseMs: 1, factor: 2, capMs: 4 };
let standIn: SerperStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function setUp(options: Parameters<typeof startSerperStandIn>[0] = {}, timeoutMs = 30_000) {
  standIn = await startSerperStandIn(options);
  return {
    s: standIn,
    provider: new Serper({ apiKey: standIn.apiKey, baseUrl: standIn.baseUrl, retry: FAST, timeoutMs }),
  };
}

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!SearchError.is(error)) throw new Error(`expected a SearchError, got ${String(error)}`);
  return error;
}

describe("Serper", () => {
  describe("when Serper has results", () => {
    it("POSTs { q, num } to /search with X-API-KEY and maps organic[] to results", async () => {
      const { s, provider } = await setUp({
        results: [{ title: "Node.js", url: "https://nodejs.org/en", snippet: "Run JavaScript\neverywhere." }],
      });
      const results = await provider.search({ query: "node runtime", count: 4 });
      expect(results).toEqual([
        {
          title: "Node.js",
          url: "https://nodejs.org/en",
          snippet: "Run JavaScript everywhere.",
          displayLink: "nodejs.org",
        },
      ]);
      const [request] = s.requests;
      expect(request?.method).toBe("POST");
      expect(request?.path).toBe("/search");
      expect(request?.headers["x-api-key"]).toBe("stand-in-key");
      expect(request?.headers["content-type"]).toBe("application/json");
      expect(request?.json).toEqual({ q: "node runtime", num: 4 });
      expect(request?.params).toEqual({});
    });

    it("never asks for more than 10 results", async () => {
      const { s, provider } = await setUp();
      expect(await provider.search({ query: "many", count: 99 })).toHaveLength(10);
      expect(s.requests[0]?.json).toEqual({ q: "many", num: 10 });
    });
  });

  describe("when Serper has no results", () => {
    it("returns an empty list", async () => {
      const { provider } = await setUp({ results: [] });
      expect(await provider.search({ query: "zxqv", count: 5 })).toEqual([]);
    });

    it("treats a body without `organic` as no results", async () => {
      const { provider } = await setUp({
        replies: [{ type: "raw", status: 200, body: '{"searchParameters":{}}' }],
      });
      expect(await provider.search({ query: "zxqv", count: 5 })).toEqual([]);
    });
  });

  describe("when Serper answers 429 then succeeds", () => {
    it("retries and returns the results", async () => {
      const { s, provider } = await setUp({
        replies: [
          { type: "error", status: 429, retryAfter: 0 },
          { type: "error", status: 500 },
        ],
      });
      expect(await provider.search({ query: "x", count: 2 })).toHaveLength(2);
      expect(s.requests.map((r) => r.reply)).toEqual(["error", "error", "results"]);
    });
  });

  describe("when Serper keeps answering 503", () => {
    it("sends exactly 3 requests", async () => {
      const { s, provider } = await setUp({
        replies: [1, 2, 3, 4].map(() => ({ type: "error" as const, status: 503 })),
      });
      const error = await failure(provider.search({ query: "x", count: 2 }));
      expect(s.requests).toHaveLength(3);
      expect(error.message).toBe("serper answered HTTP 503: Backend error. (gave up after 3 attempts)");
    });
  });

  describe("when the key is wrong", () => {
    it("fails at once with Serper's reason and without the key", async () => {
      standIn = await startSerperStandIn();
      const secret = "serper-secret-abcdef";
      const provider = new Serper({ apiKey: secret, baseUrl: standIn.baseUrl, retry: FAST });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(standIn.requests).toHaveLength(1);
      expect(error.message).toBe("serper answered HTTP 403: Unauthorized.");
      expect(error.message).not.toContain(secret);
    });
  });

  describe("when the upstream hangs", () => {
    it("fails with kind `timeout` after 3 attempts", async () => {
      const { s, provider } = await setUp(
        { replies: [{ type: "hang" }, { type: "hang" }, { type: "hang" }] },
        250,
      );
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(error.kind).toBe("timeout");
      expect(s.requests).toHaveLength(3);
    });
  });
});
