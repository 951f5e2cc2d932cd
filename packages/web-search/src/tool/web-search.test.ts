import { type ToolOutput, createToolContext, toolTraits } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { GoogleCse } from "../providers/google-cse.js";
import { Serper } from "../providers/serper.js";
import { type CseStandIn, startCseStandIn, startSerperStandIn } from "../testing/index.js";
import { createWebSearchTools } from "./create-web-search-tools.js";
import { WebSearch, type WebSearchOptions } from "./web-search.js";

const FAST = { attempts: 3, baseMs: 1, factor: 2, capMs: 4 };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const RESULTS = [
  {
    title: "Vitest",
    url: "https://vitest.dev/",
    snippet: "Next generation\ntesting framework.",
    displayLink: "vitest.dev",
  },
  { title: "Mocking | Guide", url: "https://vitest.dev/guide/mocking", snippet: "" },
  { title: "Vitest on GitHub", url: "https://github.com/vitest-dev/vitest", snippet: "Source code." },
  { title: "A blog post", url: "https://blog.example.org/vitest", snippet: "Opinions." },
];

async function setUp(options: Partial<WebSearchOptions> = {}, timeoutMs = 30_000) {
  const cse: CseStandIn = await startCseStandIn({ results: RESULTS });
  open.push(cse);
  const provider = new GoogleCse({
    apiKey: cse.apiKey,
    cx: cse.cx,
    baseUrl: cse.baseUrl,
    retry: FAST,
    timeoutMs,
  });
  return { cse, tool: new WebSearch({ provider, ...options }) };
}

/** The text of the soft failure a call answers; fails when the call succeeds or rejects. */
async function softError(promise: Promise<ToolOutput>): Promise<string> {
  const output = await promise;
  if (!output.isError) throw new Error(`expected a soft failure, got ${output.textContent()}`);
  return output.textContent();
}

const ctx = createToolContext();

describe("WebSearch", () => {
  describe("when the provider finds results", () => {
    it("answers numbered results with title, URL and snippet", async () => {
      const { cse, tool } = await setUp();
      const out = await tool.call({ query: "  vitest  ", max_results: 3 }, ctx);
      expect(out.isError).toBe(false);
      expect(out.textContent()).toBe(
        [
          '3 results for "vitest":',
          "1. Vitest\n   https://vitest.dev/\n   Next generation testing framework.",
          "2. Mocking | Guide\n   https://vitest.dev/guide/mocking",
          "3. Vitest on GitHub\n   https://github.com/vitest-dev/vitest\n   Source code.",
        ].join("\n\n"),
      );
      expect(cse.requests[0]?.params).toMatchObject({ q: "vitest", num: "3" });
    });

    it("keeps the same results as structured JSON in structuredValue()", async () => {
      const { tool } = await setUp();
      const out = await tool.call({ query: "vitest", max_results: 1 }, ctx);
      expect(out.structuredValue()).toEqual({
        query: "vitest",
        results: [
          {
            title: "Vitest",
            url: "https://vitest.dev/",
            snippet: "Next generation testing framework.",
            display_link: "vitest.dev",
            rank: 1,
          },
        ],
      });
    });

    it('answers the JSON itself with reply: "json"', async () => {
      const { tool } = await setUp({ reply: "json" });
      const out = await tool.call({ query: "vitest", max_results: 2 }, ctx);
      expect(out.structuredValue()).toMatchObject({ query: "vitest", results: [{ rank: 1 }, { rank: 2 }] });
    });

    it("asks for 5 results by default", async () => {
      const { cse, tool } = await setUp();
      await tool.call({ query: "vitest" }, ctx);
      expect(cse.requests[0]?.params.num).toBe("5");
    });
  });

  describe("when nothing is found", () => {
    it("says so and suggests other keywords", async () => {
      const { cse, tool } = await setUp();
      cse.setResults([]);
      const out = await tool.call({ query: "qwzx" }, ctx);
      expect(out.textContent()).toBe('No results for "qwzx".\nTry different or fewer keywords.');
      expect(out.structuredValue()).toEqual({ query: "qwzx", results: [] });
    });
  });

  describe("when domain filters are given", () => {
    it("asks for 10 and keeps only allowed hosts and their subdomains", async () => {
      const { cse, tool } = await setUp({ siteOperators: false });
      const out = await tool.call(
        { query: "vitest", max_results: 5, allowed_domains: ["https://VITEST.dev/guide", "github.com"] },
        ctx,
      );
      expect(cse.requests[0]?.params).toMatchObject({ q: "vitest", num: "10" });
      expect(out.textContent()).toContain('3 results for "vitest":');
      expect(out.textContent()).not.toContain("blog.example.org");
      expect(out.textContent()).toMatch(/\(1 more result was left out by the domain filters\.\)$/);
    });

    it("adds site: and -site: operators to the query sent", async () => {
      const { cse, tool } = await setUp();
      await tool.call(
        {
          query: "vitest",
          allowed_domains: ["vitest.dev", "github.com"],
          blocked_domains: ["*.example.org"],
        },
        ctx,
      );
      expect(cse.requests[0]?.params.q).toBe("vitest site:vitest.dev OR site:github.com -site:example.org");
    });

    it("drops blocked hosts and says when nothing is left", async () => {
      const { cse, tool } = await setUp({ siteOperators: false });
      cse.setResults([RESULTS[3]!]);
      const out = await tool.call({ query: "vitest", blocked_domains: ["example.org"] }, ctx);
      expect(out.textContent()).toBe(
        'No results for "vitest" (blocked_domains: example.org).\nTry different or fewer keywords, or relax the domain filters.',
      );
    });
  });

  describe("when the input is wrong", () => {
    it.each([
      [{}, "Invalid input: missing required field `query` (expected string)"],
      [{ query: 5 }, "Invalid input: `query` must be string, got integer (5)"],
      [
        { query: "  " },
        'Invalid input: `query` must be a non-empty search query, got string ("  "). Write the keywords to search for.',
      ],
      [
        { query: "a".repeat(1001) },
        "Invalid input: `query` has 1001 characters; the limit is 1000. Shorten it to the key terms.",
      ],
      [{ query: "a", max_results: 11 }, "Invalid input: `max_results` must be <= 10, got integer (11)"],
      [{ query: "a", max_results: 0 }, "Invalid input: `max_results` must be >= 1, got integer (0)"],
      [
        { query: "a", allowed_domains: "x.com" },
        'Invalid input: `allowed_domains` must be an array, got string ("x.com")',
      ],
      [
        { query: "a", allowed_domains: ["not a domain"] },
        'Invalid input: `allowed_domains[0]` must be a domain such as "example.com", got string ("not a domain").',
      ],
      [
        { query: "a", allowed_domains: ["a.com"], blocked_domains: ["A.com"] },
        "Invalid input: `a.com` is in both `allowed_domains` and `blocked_domains`; keep it in one of them.",
      ],
      [
        { query: "a", limit: 3 },
        "Invalid input: unexpected field `limit` (allowed: query, max_results, allowed_domains, blocked_domains)",
      ],
    ])("refuses %j without searching", async (input, message) => {
      const { cse, tool } = await setUp();
      expect(await softError(tool.call(input, ctx))).toBe(
        `${message}\nFix the arguments so they match the tool's input schema, then call it again.`,
      );
      expect(cse.requests).toHaveLength(0);
    });
  });

  describe("when the provider fails", () => {
    it("tells the model the provider refused the query", async () => {
      const { cse, tool } = await setUp();
      cse.enqueue({ type: "error", status: 400, reason: "Invalid Value" });
      expect(await softError(tool.call({ query: "x" }, ctx))).toBe(
        "Execution error: web search failed: google-cse answered HTTP 400: Invalid Value\n" +
          "The search service refused this query; rephrase it with plain keywords and search again, or continue without web results.",
      );
    });

    it("tells the model to wait when the service stays unavailable", async () => {
      const { cse, tool } = await setUp();
      cse.enqueue(...[1, 2, 3].map(() => ({ type: "error" as const, status: 503 })));
      expect(await softError(tool.call({ query: "x" }, ctx))).toBe(
        "Execution error: web search failed: google-cse answered HTTP 503: Backend error. (gave up after 3 attempts)\n" +
          "The search service is unavailable or busy; wait before searching again, or continue without web results.",
      );
    });

    it("tells the model about bad credentials without showing them", async () => {
      const serper = await startSerperStandIn();
      open.push(serper);
      const tool = new WebSearch({
        provider: new Serper({ apiKey: "wrong-SECRET-key", baseUrl: serper.baseUrl, retry: FAST }),
      });
      const text = await softError(tool.call({ query: "x" }, ctx));
      expect(text).toBe(
        "Execution error: web search failed: serper answered HTTP 403: Unauthorized.\n" +
          "The search service rejected its credentials; tell the user that web search is misconfigured, and continue without web results.",
      );
    });

    it("reports a timeout in seconds", async () => {
      const { cse, tool } = await setUp({}, 250);
      cse.enqueue({ type: "hang" }, { type: "hang" }, { type: "hang" });
      expect(await softError(tool.call({ query: "x" }, ctx))).toBe(
        "Timeout after 0.25s\ngoogle-cse did not answer within 0.25s on any of 3 attempts; try again later, or continue without web results.",
      );
    });

    it("reports Cancelled when ctx.signal aborts", async () => {
      const { cse, tool } = await setUp();
      cse.enqueue({ type: "hang" });
      const controller = new AbortController();
      const pending = softError(tool.call({ query: "x" }, createToolContext({ signal: controller.signal })));
      while (cse.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      expect(await pending).toBe(
        "Cancelled\nThe call was cancelled; stop and wait for the user's next instruction.",
      );
      expect(cse.requests).toHaveLength(1);
    });
  });

  describe("when asked for its traits", () => {
    it("is WebSearch, read-only, concurrency-safe and idempotent", async () => {
      const { tool } = await setUp();
      const traits = toolTraits(tool);
      expect([
        tool.name,
        tool.schema().tool,
        traits.isReadOnly,
        traits.isConcurrencySafe,
        traits.isIdempotent,
      ]).toEqual(["WebSearch", "WebSearch", true, true, true]);
      expect(traits.descriptorDigest).toMatch(/^[0-9a-f]{16}$/);
    });
  });

  describe("when constructed with bad options", () => {
    it("throws naming the field", () => {
      expect(() => new WebSearch({} as WebSearchOptions)).toThrow(
        "WebSearch: `provider` must be a SearchProvider (GoogleCse, Serper, proxyProvider(...)), got nothing.",
      );
      const provider = { name: "x", search: async () => [] };
      expect(() => new WebSearch({ provider, defaultMaxResults: 11 })).toThrow(
        "WebSearch: `defaultMaxResults` must be an integer from 1 to 10, got number (11).",
      );
    });
  });
});

describe("createWebSearchTools", () => {
  describe("when given a provider", () => {
    it("returns one WebSearch tool using it", async () => {
      const cse = await startCseStandIn();
      open.push(cse);
      const tools = createWebSearchTools({
        provider: new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl }),
      });
      expect(tools.map((t) => t.name)).toEqual(["WebSearch"]);
      expect((await tools[0].call({ query: "x", max_results: 2 }, ctx)).textContent()).toMatch(
        /^2 results for "x":/,
      );
    });
  });
});
