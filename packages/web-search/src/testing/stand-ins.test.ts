import { afterEach, describe, expect, it } from "vitest";
import { startCseStandIn } from "./cse-stand-in.js";
import { startSerperStandIn } from "./serper-stand-in.js";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function cse(options: Parameters<typeof startCseStandIn>[0] = {}) {
  const s = await startCseStandIn(options);
  open.push(s);
  const get = async (params: Record<string, string>, path = "/customsearch/v1") => {
    const response = await fetch(`${s.baseUrl}${path}?${new URLSearchParams(params)}`);
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  return { s, get, ok: { key: s.apiKey, cx: s.cx } };
}

describe("startCseStandIn", () => {
  describe("when asked like Google", () => {
    it("answers Google's shape with canned results spread over three hosts", async () => {
      const { s, get, ok } = await cse();
      expect(s.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const { status, body } = await get({ ...ok, q: "Hello World", num: "2" });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        kind: "customsearch#search",
        searchInformation: { totalResults: "2" },
        items: [
          {
            kind: "customsearch#result",
            title: "Hello World - result 1",
            link: "https://docs.example.com/hello-world/1",
            displayLink: "docs.example.com",
          },
          { link: "https://blog.example.org/hello-world/2", displayLink: "blog.example.org" },
        ],
      });
    });

    it("honours site: and -site: operators", async () => {
      const { get, ok } = await cse();
      const only = await get({ ...ok, q: "x site:example.net", num: "10" });
      expect((only.body.items as Array<{ link: string }>).map((i) => new URL(i.link).hostname)).toEqual(
        Array(3).fill("forum.example.net"),
      );
      const not = await get({ ...ok, q: "x -site:example.com -site:example.org", num: "10" });
      expect((not.body.items as unknown[]).length).toBe(3);
    });

    it("omits items when nothing matches, and uses a results function", async () => {
      const { s, get, ok } = await cse({
        results: (q) => (q === "one" ? [{ title: "One", url: "https://one.test/" }] : []),
      });
      expect((await get({ ...ok, q: "none" })).body.items).toBeUndefined();
      expect((await get({ ...ok, q: "one" })).body.items).toEqual([
        expect.objectContaining({
          title: "One",
          link: "https://one.test/",
          displayLink: "one.test",
          snippet: "",
        }),
      ]);
      s.setResults([{ title: "Two", url: "https://two.test/" }]);
      expect((await get({ ...ok, q: "any" })).body.items).toHaveLength(1);
    });
  });

  describe("when asked wrongly", () => {
    it.each([
      [{ key: "nope", cx: "stand-in-cx", q: "x" }, "API key not valid. Please pass a valid API key."],
      [{ key: "stand-in-key", cx: "other", q: "x" }, "Request contains an invalid argument."],
      [{ key: "stand-in-key", cx: "stand-in-cx" }, "Missing required parameter: q"],
      [
        { key: "stand-in-key", cx: "stand-in-cx", q: "x", num: "11" },
        "Request contains an invalid argument.",
      ],
    ])("answers Google's 400 for %j", async (params, message) => {
      const { s, get } = await cse();
      const { status, body } = await get(params);
      expect(status).toBe(400);
      expect(body).toEqual({
        error: {
          code: 400,
          message,
          errors: [{ message, domain: "global", reason: "badRequest" }],
          status: "INVALID_ARGUMENT",
        },
      });
      expect(s.requests[0]?.reply).toBe("error");
    });

    it("answers 404 for another path", async () => {
      const { get, ok } = await cse();
      expect((await get({ ...ok, q: "x" }, "/search")).status).toBe(404);
    });
  });

  describe("when replies are scripted", () => {
    it("uses them in order, with Retry-After, then falls back to results", async () => {
      const { s, get, ok } = await cse({ replies: [{ type: "error", status: 429, retryAfter: 7 }] });
      s.enqueue({ type: "raw", status: 200, body: "not json", contentType: "text/plain" });
      const first = await get({ ...ok, q: "x" });
      expect([
        first.status,
        first.headers.get("retry-after"),
        (first.body.error as { status: string }).status,
      ]).toEqual([429, "7", "RESOURCE_EXHAUSTED"]);
      const raw = await fetch(`${s.baseUrl}/customsearch/v1?${new URLSearchParams({ ...ok, q: "x" })}`);
      expect([raw.status, await raw.text()]).toEqual([200, "not json"]);
      expect((await get({ ...ok, q: "x", num: "1" })).status).toBe(200);
      expect(s.requests.map((r) => r.reply)).toEqual(["error", "raw", "results"]);
    });

    it("keeps a hung request open until close()", async () => {
      const { s, ok } = await cse({ replies: [{ type: "hang" }] });
      const pending = fetch(`${s.baseUrl}/customsearch/v1?${new URLSearchParams({ ...ok, q: "x" })}`).then(
        () => "answered",
        () => "dropped",
      );
      while (s.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
      await s.close();
      expect(await pending).toBe("dropped");
    });
  });
});

describe("startSerperStandIn", () => {
  describe("when asked like Serper", () => {
    it("answers organic[] and records the request", async () => {
      const s = await startSerperStandIn({ apiKey: "k" });
      open.push(s);
      const response = await fetch(`${s.baseUrl}/search`, {
        method: "POST",
        headers: { "x-api-key": "k", "content-type": "application/json" },
        body: JSON.stringify({ q: "serper", num: 2 }),
      });
      expect(await response.json()).toEqual({
        searchParameters: { q: "serper", type: "search", num: 2, engine: "google" },
        organic: [
          {
            title: "serper - result 1",
            link: "https://docs.example.com/serper/1",
            snippet: 'Stand-in result 1 for "serper" from docs.example.com.',
            position: 1,
          },
          {
            title: "serper - result 2",
            link: "https://blog.example.org/serper/2",
            snippet: 'Stand-in result 2 for "serper" from blog.example.org.',
            position: 2,
          },
        ],
        credits: 1,
      });
      expect(s.requests[0]).toMatchObject({
        method: "POST",
        path: "/search",
        json: { q: "serper", num: 2 },
        reply: "results",
      });
    });
  });

  describe("when the key is wrong", () => {
    it("answers Serper's 403", async () => {
      const s = await startSerperStandIn();
      open.push(s);
      const response = await fetch(`${s.baseUrl}/search`, {
        method: "POST",
        headers: { "x-api-key": "bad" },
        body: '{"q":"x"}',
      });
      expect([response.status, await response.json()]).toEqual([
        403,
        { message: "Unauthorized.", statusCode: 403 },
      ]);
    });
  });
});
