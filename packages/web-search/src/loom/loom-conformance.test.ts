// The Loom tool-system document's `web_search`, checked: name, description,
// input schema (deep equality with the document's fields) and the reply's
// shape. The file tools have the same test in
// packages/fs/src/loom/loom-conformance.test.ts, bash in packages/shell.
import { createToolContext } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { GoogleCse } from "../providers/google-cse.js";
import { proxyProvider } from "../providers/proxy-provider.js";
import { startSearchProxy } from "../proxy/start-search-proxy.js";
import { startCseStandIn } from "../testing/index.js";
import { createLoomTools } from "./create-loom-tools.js";

/** The document's web_search fields (`query · string · required`, ...), as a schema. */
const WEB_SEARCH_SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string", description: "Search query in natural language" },
    max_results: { type: "integer", description: "Maximum results (default: 5, max: 10)" },
  },
  required: ["query"],
};

const TOKEN = "loom-conformance-token";
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe("Loom web_search", () => {
  describe("when its definition is listed", () => {
    it("has the document's name and schema, and its description without the word Loom", () => {
      const [viaProxy] = createLoomTools({
        provider: proxyProvider({ baseUrl: "http://127.0.0.1:9", token: TOKEN, backend: "serper" }),
      });
      expect(viaProxy.schema()).toStrictEqual({
        tool: "web_search",
        description: "Perform web searches via server proxy.",
        input_schema: WEB_SEARCH_SCHEMA,
      });
      const [direct] = createLoomTools({ provider: new GoogleCse({ apiKey: "k", cx: "c" }) });
      expect(direct.description).toBe("Perform web searches.");
    });
  });

  describe("when it answers through the proxy (POST /proxy/cse)", () => {
    it("replies {query, results: [{title, url, snippet, display_link, rank}]}", async () => {
      const cse = await startCseStandIn({
        results: [{ title: "T", url: "https://example.com/page", snippet: "S", displayLink: "example.com" }],
      });
      const proxy = await startSearchProxy({
        providers: { cse: new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl }) },
        token: TOKEN,
      });
      open.push(cse, proxy);
      const [tool] = createLoomTools({
        provider: proxyProvider({ baseUrl: proxy.baseUrl, token: TOKEN, backend: "cse" }),
      });
      const out = await tool.call({ query: "q" }, createToolContext());
      expect(out.textContent()).toBe(
        JSON.stringify({
          query: "q",
          results: [
            {
              title: "T",
              url: "https://example.com/page",
              snippet: "S",
              display_link: "example.com",
              rank: 1,
            },
          ],
        }),
      );
    });
  });
});
