import { adviceFor, createToolContext, toolTraits } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { GoogleCse } from "../providers/google-cse.js";
import { proxyProvider } from "../providers/proxy-provider.js";
import { startSearchProxy } from "../proxy/start-search-proxy.js";
import { type CseStandIn, startCseStandIn } from "../testing/index.js";
import { createLoomTools } from "./create-loom-tools.js";

const TOKEN = "loom-token-SECRET";
const FAST = { attempts: 3, baseMs: 1, factor: 2, capMs: 4 };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function setUp(): Promise<{ cse: CseStandIn; tool: ReturnType<typeof createLoomTools>[0] }> {
  const cse = await startCseStandIn({
    results: [
      {
        title: "Async in Traits",
        url: "https://blog.rust-lang.org/async-fn",
        snippet: "We are excited...",
        displayLink: "blog.rust-lang.org",
      },
      { title: "Rust Book", url: "https://doc.rust-lang.org/book/", snippet: "The book." },
    ],
  });
  const proxy = await startSearchProxy({
    providers: { cse: new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl, retry: FAST }) },
    token: TOKEN,
  });
  open.push(cse, proxy);
  const [tool] = createLoomTools({
    provider: proxyProvider({ baseUrl: proxy.baseUrl, token: TOKEN, backend: "cse", retry: FAST }),
  });
  return { cse, tool };
}

const ctx = createToolContext();

describe("createLoomTools", () => {
  describe("when web_search runs through the proxy", () => {
    it("answers Loom's JSON: query and ranked results with display_link", async () => {
      const { cse, tool } = await setUp();
      const out = await tool.call({ query: " rust async trait ", max_results: 2 }, ctx);
      expect(out.textContent()).toBe(
        JSON.stringify({
          query: "rust async trait",
          results: [
            {
              title: "Async in Traits",
              url: "https://blog.rust-lang.org/async-fn",
              snippet: "We are excited...",
              display_link: "blog.rust-lang.org",
              rank: 1,
            },
            {
              title: "Rust Book",
              url: "https://doc.rust-lang.org/book/",
              snippet: "The book.",
              display_link: "doc.rust-lang.org",
              rank: 2,
            },
          ],
        }),
      );
      expect(cse.requests[0]?.params).toMatchObject({ q: "rust async trait", num: "2" });
    });

    it("asks for 5 results by default", async () => {
      const { cse, tool } = await setUp();
      await tool.call({ query: "rust" }, ctx);
      expect(cse.requests[0]?.params.num).toBe("5");
    });
  });

  describe("when the input is wrong", () => {
    it.each([
      [{ query: "   " }, 'Error: query must not be empty, got string ("   ")'],
      [{ query: "x", max_results: 11 }, "Error: max_results must be between 1 and 10, got 11"],
      [{ query: "x", max_results: 0 }, "Error: max_results must be between 1 and 10, got 0"],
      [{ query: "x", limit: 3 }, "Error: unknown field `limit`, expected `query` or `max_results`"],
      [{}, "Invalid input: missing required field `query` (expected string)"],
    ])("refuses %j", async (input, message) => {
      const { cse, tool } = await setUp();
      const out = await tool.call(input, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(`${message}\n${adviceFor("InvalidInput")}`);
      expect(cse.requests).toHaveLength(0);
    });
  });

  describe("when the upstream fails", () => {
    it("passes the proxy's fixed reason on as a soft error", async () => {
      const { cse, tool } = await setUp();
      cse.enqueue({ type: "error", status: 400, reason: "Invalid Value" });
      const out = await tool.call({ query: "x" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().split("\n")[0]).toBe(
        "Error: Execution error: web search failed: proxy:cse answered HTTP 502: upstream google-cse answered HTTP 400",
      );
    });
  });

  describe("when asked for its traits", () => {
    it("is web_search, read-only and concurrency-safe", async () => {
      const { tool } = await setUp();
      const traits = toolTraits(tool);
      expect([tool.schema().tool, traits.isReadOnly, traits.isConcurrencySafe]).toEqual([
        "web_search",
        true,
        true,
      ]);
    });
  });
});
