import { afterEach, describe, expect, it } from "vitest";
import type { RetryEvent } from "../http/transport-options.js";
import { SearchError } from "../errors/search-error.js";
import { type CseStandIn, startCseStandIn } from "../testing/index.js";
import { GoogleCse } from "./google-cse.js";

const FAST = { attempts: 3, baseMs: 1, factor: 2, capMs: 4 };
let standIn: CseStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function setUp(
  options: Parameters<typeof startCseStandIn>[0] = {},
  extra: Partial<ConstructorParameters<typeof GoogleCse>[0]> = {},
) {
  standIn = await startCseStandIn(options);
  const provider = new GoogleCse({
    apiKey: standIn.apiKey,
    cx: standIn.cx,
    baseUrl: standIn.baseUrl,
    retry: FAST,
    ...extra,
  });
  return { s: standIn, provider };
}

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!SearchError.is(error)) throw new Error(`expected a SearchError, got ${String(error)}`);
  return error;
}

describe("GoogleCse", () => {
  describe("when the engine has results", () => {
    it("sends key, cx, q and num on GET /customsearch/v1 and maps items to results", async () => {
      const { s, provider } = await setUp({
        results: [
          {
            title: "Vitest  |\n Next gen",
            url: "https://vitest.dev/",
            snippet: "A Vite-native\ntest framework.",
            displayLink: "vitest.dev",
          },
          { title: "Guide", url: "https://vitest.dev/guide/" },
        ],
      });
      const results = await provider.search({ query: "vitest runner", count: 5 });
      expect(results).toEqual([
        {
          title: "Vitest | Next gen",
          url: "https://vitest.dev/",
          snippet: "A Vite-native test framework.",
          displayLink: "vitest.dev",
        },
        { title: "Guide", url: "https://vitest.dev/guide/", snippet: "", displayLink: "vitest.dev" },
      ]);
      expect(s.requests).toHaveLength(1);
      expect(s.requests[0]?.method).toBe("GET");
      expect(s.requests[0]?.params).toEqual({
        key: "stand-in-key",
        cx: "stand-in-cx",
        q: "vitest runner",
        num: "5",
      });
    });

    it("never asks for more than 10 results, and returns at most the count", async () => {
      const { s, provider } = await setUp();
      expect(await provider.search({ query: "many", count: 50 })).toHaveLength(10);
      expect(await provider.search({ query: "few", count: 3 })).toHaveLength(3);
      expect(s.requests.map((r) => r.params.num)).toEqual(["10", "3"]);
    });
  });

  describe("when the engine has no results", () => {
    it("returns an empty list (Google omits `items`)", async () => {
      const { s, provider } = await setUp({ results: [] });
      expect(await provider.search({ query: "zxqv", count: 5 })).toEqual([]);
      expect(s.requests[0]?.reply).toBe("results");
    });
  });

  describe("when Google answers 429 with Retry-After", () => {
    it("waits the seconds it asks for, then succeeds", async () => {
      const events: RetryEvent[] = [];
      const { s, provider } = await setUp(
        { replies: [{ type: "error", status: 429, retryAfter: 1 }] },
        { onRetry: (e) => events.push(e) },
      );
      const started = Date.now();
      const results = await provider.search({ query: "rate", count: 2 });
      expect(results).toHaveLength(2);
      expect(s.requests).toHaveLength(2);
      expect(events).toEqual([
        { provider: "google-cse", attempt: 1, delayMs: 1000, status: 429, reason: "Rate limit exceeded." },
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    });

    it("reads an HTTP-date and gives up at once when the wait passes maxRetryAfterMs", async () => {
      const later = new Date(Date.now() + 3_600_000).toUTCString();
      const { s, provider } = await setUp({ replies: [{ type: "error", status: 429, retryAfter: later }] });
      const error = await failure(provider.search({ query: "rate", count: 2 }));
      expect(s.requests).toHaveLength(1);
      expect(error.kind).toBe("http");
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBeGreaterThan(3_590_000);
      expect(error.message).toMatch(
        /^google-cse answered HTTP 429: Rate limit exceeded\. \(it asked to wait 3[56]\d\ds\)$/,
      );
    });
  });

  describe("when Google keeps answering 503", () => {
    it("sends exactly `attempts` requests, then fails with the last reason", async () => {
      const { s, provider } = await setUp({
        replies: Array.from({ length: 5 }, () => ({
          type: "error" as const,
          status: 503,
          reason: "Backend unavailable.",
        })),
      });
      const error = await failure(provider.search({ query: "down", count: 5 }));
      expect(s.requests).toHaveLength(3);
      expect(error.message).toBe(
        "google-cse answered HTTP 503: Backend unavailable. (gave up after 3 attempts)",
      );
      expect(error.attempts).toBe(3);
    });

    it("honours a custom attempt count", async () => {
      const { s, provider } = await setUp(
        { replies: Array.from({ length: 5 }, () => ({ type: "error" as const, status: 503 })) },
        { retry: { ...FAST, attempts: 2 } },
      );
      await failure(provider.search({ query: "down", count: 5 }));
      expect(s.requests).toHaveLength(2);
    });
  });

  describe("when Google answers another 4xx", () => {
    it("fails at once with Google's own reason and never retries", async () => {
      const { s, provider } = await setUp({
        replies: [{ type: "error", status: 400, reason: "Invalid Value" }],
      });
      const error = await failure(provider.search({ query: "bad", count: 5 }));
      expect(s.requests).toHaveLength(1);
      expect(error.message).toBe("google-cse answered HTTP 400: Invalid Value");
    });

    it("reports a wrong key without the key in the message", async () => {
      standIn = await startCseStandIn();
      const secret = "AIzaSy-secret-key-0123456789";
      const provider = new GoogleCse({
        apiKey: secret,
        cx: standIn.cx,
        baseUrl: standIn.baseUrl,
        retry: FAST,
      });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(error.message).toBe(
        "google-cse answered HTTP 400: API key not valid. Please pass a valid API key.",
      );
      expect(JSON.stringify({ m: error.message, r: error.reason, s: error.stack })).not.toContain(secret);
    });
  });

  describe("when the upstream hangs", () => {
    it("times out each attempt and fails with kind `timeout` after all attempts", async () => {
      const { s, provider } = await setUp(
        { replies: [{ type: "hang" }, { type: "hang" }, { type: "hang" }] },
        { timeoutMs: 250 },
      );
      const error = await failure(provider.search({ query: "slow", count: 5 }));
      expect(s.requests).toHaveLength(3);
      expect(error.kind).toBe("timeout");
      expect(error.message).toBe("google-cse did not answer within 250 ms (gave up after 3 attempts)");
    });

    it("recovers when a later attempt answers", async () => {
      const { s, provider } = await setUp({ replies: [{ type: "hang" }] }, { timeoutMs: 1000 });
      expect(await provider.search({ query: "slow", count: 1 })).toHaveLength(1);
      expect(s.requests).toHaveLength(2);
    });
  });

  describe("when the caller aborts", () => {
    it("stops during the wait between attempts and sends nothing more", async () => {
      const controller = new AbortController();
      const { s, provider } = await setUp(
        {
          replies: [
            { type: "error", status: 503 },
            { type: "error", status: 503 },
          ],
        },
        {
          retry: { attempts: 3, baseMs: 10_000, factor: 1, capMs: 10_000 },
          onRetry: () => controller.abort(),
        },
      );
      const started = Date.now();
      const error = await failure(provider.search({ query: "stop", count: 1, signal: controller.signal }));
      expect(error.kind).toBe("cancelled");
      expect(error.message).toBe("the google-cse search was cancelled");
      expect(s.requests).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it("aborts a request in flight", async () => {
      const controller = new AbortController();
      const { s, provider } = await setUp({ replies: [{ type: "hang" }] });
      const pending = failure(provider.search({ query: "stop", count: 1, signal: controller.signal }));
      while (s.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      expect((await pending).kind).toBe("cancelled");
      expect(s.requests).toHaveLength(1);
    });

    it("sends nothing when the signal has already fired", async () => {
      const { s, provider } = await setUp();
      const error = await failure(provider.search({ query: "x", count: 1, signal: AbortSignal.abort() }));
      expect(error.kind).toBe("cancelled");
      expect(s.requests).toHaveLength(0);
    });
  });

  describe("when nothing listens at the address", () => {
    it("retries the network error, then fails with kind `network`", async () => {
      standIn = await startCseStandIn();
      const baseUrl = standIn.baseUrl;
      await standIn.close();
      standIn = undefined;
      const events: RetryEvent[] = [];
      const provider = new GoogleCse({
        apiKey: "k-123456",
        cx: "c",
        baseUrl,
        retry: FAST,
        onRetry: (e) => events.push(e),
      });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(error.kind).toBe("network");
      expect(error.attempts).toBe(3);
      expect(events).toHaveLength(2);
      // Backoff with equal jitter: between half of 1 ms and 1 ms, then of 2 ms and 2 ms.
      expect(events.map((e) => e.delayMs)).toEqual([
        expect.toSatisfy((ms: number) => ms >= 0.5 && ms <= 1),
        expect.toSatisfy((ms: number) => ms >= 1 && ms <= 2),
      ]);
      expect(error.message).toMatch(
        /^could not reach google-cse: fetch failed: .*ECONNREFUSED.* \(gave up after 3 attempts\)$/,
      );
    });
  });

  describe("when the body is not Google's format", () => {
    it("fails with kind `response` saying what arrived", async () => {
      const { provider } = await setUp({
        replies: [{ type: "raw", status: 200, body: "<html>captive portal</html>" }],
      });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(error.message).toBe(
        'google-cse sent an unexpected response: the body is not JSON (it starts with "<html>captive portal</html>")',
      );
    });

    it("stops reading a body over 8 MiB and does not retry", async () => {
      const { s, provider } = await setUp({
        replies: [{ type: "raw", status: 200, body: "x".repeat(9 * 1024 * 1024) }],
      });
      const error = await failure(provider.search({ query: "x", count: 1 }));
      expect(error.message).toBe("google-cse sent an unexpected response: the body passed 8388608 bytes");
      expect(s.requests).toHaveLength(1);
    });

    it("fails when `items` is not a list", async () => {
      const { provider } = await setUp({ replies: [{ type: "raw", status: 200, body: '{"items":{}}' }] });
      expect((await failure(provider.search({ query: "x", count: 1 }))).reason).toBe(
        "`items` is not an array",
      );
    });
  });

  describe("when constructed with bad options", () => {
    it.each([
      [
        { apiKey: "", cx: "c" },
        "GoogleCse: `apiKey` must be a non-empty string, got an empty string. Pass an API key from the Google Cloud console.",
      ],
      [
        { apiKey: "k", cx: 5 },
        "GoogleCse: `cx` must be a non-empty string, got number (5). Pass the search engine id from programmablesearchengine.google.com.",
      ],
      [
        { apiKey: "k", cx: "c", baseUrl: "ftp://x" },
        'GoogleCse: `baseUrl` must be an http:// or https:// URL without a query or fragment, got string ("ftp://x").',
      ],
      [
        { apiKey: "k", cx: "c", timeoutMs: 0 },
        "GoogleCse: `timeoutMs` must be a positive number of milliseconds, got number (0).",
      ],
      [
        { apiKey: "k", cx: "c", retry: { attempts: 0 } },
        "GoogleCse: `retry.attempts` must be an integer of at least 1, got number (0).",
      ],
      [
        { apiKey: "k", cx: "c", retry: { factor: 0.5 } },
        "GoogleCse: `retry.factor` must be a number of at least 1, got number (0.5).",
      ],
    ])("throws a SearchConfigError for %j", (options, message) => {
      expect(() => new GoogleCse(options as ConstructorParameters<typeof GoogleCse>[0])).toThrow(message);
    });

    it("never shows a secret's value in the error", () => {
      expect(() => new GoogleCse({ apiKey: "   ", cx: "c" })).toThrow("got a string of 3 characters");
    });
  });
});
