import { gzipSync } from "node:zlib";
import { DisplayHint, Retention, createToolContext, toolTraits } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../convert/html-to-markdown.js";
import { createWebFetchTools } from "./create-web-fetch-tools.js";
import { softError, testNetwork } from "./test-network.js";
import { ONE_PIXEL_PNG, articlePage, longPage, minimalPdf, pagedPdf } from "./test-pages.js";
import { type Route, type TestSite, redirect, serve, startTestSite } from "./test-site.js";
import { WebFetch } from "./web-fetch.js";
import type { WebFetchOptions } from "./web-fetch-options.js";

const ctx = createToolContext();
const open: TestSite[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A test site on 127.0.0.1 and a WebFetch with the guard (and the https upgrade) lifted for that host only. */
async function setUp(routes: Record<string, Route>, options: WebFetchOptions = {}) {
  const site = await startTestSite(routes);
  open.push(site);
  const tool = new WebFetch({ allowHttp: ["127.0.0.1"], allowHosts: ["127.0.0.1"], ...options });
  return { site, tool, url: (path: string) => `${site.origin}${path}` };
}

const PAGE_NOTE =
  /\n\n\[Showing characters (\d+)-(\d+) of (\d+)\.(?: Pass offset: (\d+) for the next page\.| This is the last page\.)\]$/;

describe("WebFetch", () => {
  it("is read-only, concurrency-safe and idempotent, and comes from createWebFetchTools", () => {
    const [tool] = createWebFetchTools();
    expect(tool.name).toBe("WebFetch");
    expect(tool.schema().tool).toBe("WebFetch");
    expect(toolTraits(tool)).toMatchObject({ isReadOnly: true, isConcurrencySafe: true, isIdempotent: true });
  });

  describe("when the page is an article among chrome", () => {
    it("returns the title, URL, headings, table and links as Markdown, and none of the chrome", async () => {
      const { tool, url } = await setUp({ "/news/bridge": serve("text/html; charset=utf-8", articlePage()) });
      const out = await tool.call({ url: url("/news/bridge") }, ctx);
      const text = out.textContent();
      expect(
        text.startsWith(
          `Title: Rebuilding the Harbour Bridge | Daily Planet\nURL: ${url("/news/bridge")}\n\n`,
        ),
      ).toBe(true);
      expect(text).toContain("## The design");
      expect(text).toContain("## The works");
      expect(text).toContain("### What comes next");
      expect(text).toContain(
        "| Design | Cost (M€) | Life (years) |\n| --- | --- | --- |\n| Cable-stayed | 120 | 100 |\n| Suspension | 150 | 90 |\n| Arch | 135 | 80 |",
      );
      expect(text).toContain(`[engineering report](${url("/reports/bridge-2024.pdf")})`);
      expect(text).toContain("[council minutes](https://city.example/council/minutes)");
      for (const chrome of [
        "COOKIE-NOTICE",
        "Accept all",
        "NAV-LINK",
        "ADVERT-TOP",
        "ADVERT-INLINE",
        "SIDEBAR-LINK",
        "FOOTER-TEXT",
        "TRACKING-SCRIPT",
        "position:fixed",
      ]) {
        expect(text).not.toContain(chrome);
      }
      expect(out.hint).toBe(DisplayHint.Markdown);
      expect(out.retention).toBe(Retention.Requery);
    });

    it("converts the whole body when Readability finds no article", async () => {
      const html =
        "<html><head><title>Tiny</title></head><body><nav>MENU</nav><ul><li><a href='/a'>First</a></li><li>Second</li></ul></body></html>";
      const { tool, url } = await setUp({ "/tiny": serve("text/html", html) });
      const text = (await tool.call({ url: url("/tiny") }, ctx)).textContent();
      expect(text).toBe(`Title: Tiny\nURL: ${url("/tiny")}\n\n- [First](${url("/a")})\n- Second`);
    });
  });

  describe("when the page is long", () => {
    // Two conversions of 2 MB of HTML: allow a loaded machine more than the default 30 s, and
    // Readability more than its share of the default budget (past it the body would be converted).
    it("pages a 2 MB page across offsets with no character lost or repeated, downloading it once", async () => {
      const html = longPage(2_000_000);
      const { site, tool, url } = await setUp(
        { "/long": serve("text/html", html) },
        { conversionTimeoutMs: 100_000 },
      );
      const whole = htmlToMarkdown(html, url("/long")).markdown;
      const head = `Title: Long page\nURL: ${url("/long")}\n\n`;
      let joined = "";
      let offset = 0;
      for (let pages = 0; ; pages++) {
        const text = (await tool.call({ url: url("/long"), offset, max_chars: 99_999 }, ctx)).textContent();
        expect(text.startsWith(head)).toBe(true);
        const note = PAGE_NOTE.exec(text);
        if (note === null) throw new Error(`no paging note on page ${pages}`);
        expect(Number(note[1])).toBe(offset + 1);
        expect(Number(note[3])).toBe(whole.length);
        joined += text.slice(head.length, note.index);
        if (note[4] === undefined) break;
        offset = Number(note[4]);
      }
      expect(joined.length).toBe(whole.length);
      expect(joined === whole).toBe(true);
      expect(site.requests).toEqual(["/long"]);
    }, 90_000);

    it("says how to get the next page in the exact format", async () => {
      const body = "x".repeat(84_113);
      const { tool, url } = await setUp({ "/t": serve("text/plain", body) });
      const first = (await tool.call({ url: url("/t") }, ctx)).textContent();
      expect(
        first.endsWith("\n\n[Showing characters 1-20000 of 84113. Pass offset: 20000 for the next page.]"),
      ).toBe(true);
      const last = (await tool.call({ url: url("/t"), offset: 80_000 }, ctx)).textContent();
      expect(
        last.endsWith(
          `\n\n${"x".repeat(4113)}\n\n[Showing characters 80001-84113 of 84113. This is the last page.]`,
        ),
      ).toBe(true);
      const past = await softError(tool.call({ url: url("/t"), offset: 84_113 }, ctx));
      expect(past).toContain("`offset` 84113 is past the end: the page has 84113 characters");
    });
  });

  describe("when the page is not HTML", () => {
    it("reads a PDF's text, with its title", async () => {
      const { tool, url } = await setUp({
        "/r.pdf": serve("application/pdf", minimalPdf("Hello PDF world", "Bridge report")),
      });
      const text = (await tool.call({ url: url("/r.pdf") }, ctx)).textContent();
      expect(text).toBe(
        `Title: Bridge report\nURL: ${url("/r.pdf")}\nType: application/pdf\n\n--- Page 1 ---\nHello PDF world`,
      );
    });

    it("reads only the first maxPages (100) pages of a 20,000-page PDF, and says so", async () => {
      const texts = Array.from({ length: 20_000 }, (_, i) => `Text of page ${i + 1}`);
      // A budget a loaded machine cannot miss: the page cap is what this test is about.
      const { tool, url } = await setUp(
        { "/big.pdf": serve("application/pdf", pagedPdf(texts, "Atlas")) },
        { conversionTimeoutMs: 60_000 },
      );
      const text = (await tool.call({ url: url("/big.pdf"), max_chars: 100_000 }, ctx)).textContent();
      expect(text).toContain("--- Page 100 ---\nText of page 100\n\n[The PDF has 20000 pages");
      expect(text).not.toContain("--- Page 101 ---");
      expect(text.endsWith("\n\n[The PDF has 20000 pages; only the first 100 were read (maxPages).]")).toBe(
        true,
      );
    });

    it("reads as many pages as maxPages says", async () => {
      const texts = ["One", "Two", "Three"];
      const { tool, url } = await setUp(
        { "/three.pdf": serve("application/pdf", pagedPdf(texts, "Three")) },
        { maxPages: 2 },
      );
      const text = (await tool.call({ url: url("/three.pdf") }, ctx)).textContent();
      expect(text).toBe(
        `Title: Three\nURL: ${url("/three.pdf")}\nType: application/pdf\n\n--- Page 1 ---\nOne\n\n--- Page 2 ---\nTwo\n\n[The PDF has 3 pages; only the first 2 were read (maxPages).]`,
      );
    });

    it("pretty-prints JSON", async () => {
      const { tool, url } = await setUp({
        "/api": serve("application/json; charset=utf-8", '{"name":"bridge","spans":[120,150]}'),
      });
      const text = (await tool.call({ url: url("/api") }, ctx)).textContent();
      expect(text).toBe(
        `URL: ${url("/api")}\nType: application/json\n\n{\n  "name": "bridge",\n  "spans": [\n    120,\n    150\n  ]\n}`,
      );
    });

    it.each([
      ["text/markdown", "# Notes\n\n- one"],
      ["application/rss+xml", '<?xml version="1.0"?><rss><channel><title>Feed</title></channel></rss>'],
      ["text/plain; charset=utf-8", "plain words ✓"],
    ])("returns %s as served", async (type, body) => {
      const { tool, url } = await setUp({ "/f": serve(type, body) });
      const text = (await tool.call({ url: url("/f") }, ctx)).textContent();
      expect(text).toBe(`URL: ${url("/f")}\nType: ${type.split(";")[0]}\n\n${body}`);
    });

    it("decodes a legacy charset and a gzip body", async () => {
      const latin1 = Buffer.from(
        "<html><head><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e</p></body></html>",
        "latin1",
      );
      const { tool, url } = await setUp({
        "/cafe": (_req, res) => {
          res
            .writeHead(200, { "content-type": "text/html; charset=windows-1252", "content-encoding": "gzip" })
            .end(gzipSync(latin1));
        },
      });
      const text = (await tool.call({ url: url("/cafe") }, ctx)).textContent();
      expect(text).toContain("Title: Café");
      expect(text).toContain("Crème brûlée");
    });

    it("returns an image as an image part", async () => {
      const { tool, url } = await setUp({ "/p.png": serve("image/png", ONE_PIXEL_PNG) });
      const out = await tool.call({ url: url("/p.png") }, ctx);
      expect(out.parts).toEqual([
        { type: "text", text: `URL: ${url("/p.png")}\nType: image/png, ${ONE_PIXEL_PNG.length} bytes` },
        { type: "image", data: ONE_PIXEL_PNG.toString("base64"), mediaType: "image/png" },
      ]);
    });

    it("refuses an image over maxImageBytes and a type it does not read, naming them", async () => {
      const { tool, url } = await setUp(
        { "/p.png": serve("image/png", ONE_PIXEL_PNG), "/a.zip": serve("application/zip", "PK\x03\x04") },
        { maxImageBytes: 10 },
      );
      expect(await softError(tool.call({ url: url("/p.png") }, ctx))).toContain(
        `the image at ${url("/p.png")} is ${ONE_PIXEL_PNG.length} bytes, over the 10-byte image limit (maxImageBytes)`,
      );
      expect(await softError(tool.call({ url: url("/a.zip") }, ctx))).toContain(
        `${url("/a.zip")} is \`application/zip\`, which WebFetch does not read`,
      );
    });
  });

  describe("when the server redirects", () => {
    it("reports a redirect to another host without following it", async () => {
      const site = await startTestSite({ "/moved": redirect("https://elsewhere.test/new?a=1", 301) });
      open.push(site);
      const net = testNetwork(site.port, {
        "old.test": ["93.184.216.34"],
        "elsewhere.test": ["93.184.216.40"],
      });
      const tool = new WebFetch({ ...net, allowHttp: true });
      const out = await tool.call({ url: `http://old.test:${site.port}/moved` }, ctx);
      expect(out.isError).toBe(false);
      expect(out.textContent()).toBe(
        [
          `http://old.test:${site.port}/moved redirected (301) to a different host: https://elsewhere.test/new?a=1`,
          'WebFetch does not follow redirects to another host. To read it, call WebFetch again with url: "https://elsewhere.test/new?a=1".',
        ].join("\n"),
      );
      expect(net.targets.map((t) => t.hostname)).toEqual(["old.test"]);
    });

    it("follows same-host redirects, at most 5", async () => {
      const { site, tool, url } = await setUp({
        "/r1": redirect("/r2"),
        "/r2": (req, res) => {
          res.writeHead(307, { location: `http://${req.headers.host}/r3` }).end();
        },
        "/r3": serve("text/plain", "arrived"),
        "/loop": redirect("/loop"),
      });
      const text = (await tool.call({ url: url("/r1") }, ctx)).textContent();
      expect(text).toBe(`URL: ${url("/r3")}\nType: text/plain\n\narrived`);
      expect(await softError(tool.call({ url: url("/loop") }, ctx))).toContain(
        `${url("/loop")} redirected more than 5 times (last to ${url("/loop")})`,
      );
      expect(site.requests.filter((p) => p === "/loop")).toHaveLength(6);
    });
  });

  describe("when the URL is http", () => {
    it("upgrades it to https unless allowHttp names the host", async () => {
      const site = await startTestSite({ "/page": serve("text/plain", "hello") });
      open.push(site);
      const net = testNetwork(site.port, { "site.test": ["93.184.216.34"] });
      await new WebFetch({ ...net }).call({ url: `http://site.test:${site.port}/page` }, ctx);
      await new WebFetch({ ...net, allowHttp: ["site.test"] }).call(
        { url: `http://site.test:${site.port}/page` },
        ctx,
      );
      expect(net.targets.map((t) => t.protocol)).toEqual(["https:", "http:"]);
    });

    it("reports a TLS failure when the upgraded connection meets a plain HTTP server", async () => {
      const site = await startTestSite({ "/page": serve("text/plain", "hello") });
      open.push(site);
      const tool = new WebFetch({ allowHosts: ["127.0.0.1"] });
      const text = await softError(tool.call({ url: `http://127.0.0.1:${site.port}/page` }, ctx));
      expect(text).toContain(`TLS failure talking to 127.0.0.1:${site.port} (127.0.0.1)`);
      expect(text.split("\n").at(-1)).toBe(
        `WebFetch upgraded http://127.0.0.1:${site.port}/page to https, and 127.0.0.1:${site.port} does not answer with TLS. If it is a plain-HTTP server you trust (a local test server), create WebFetch with \`allowHttp: ["127.0.0.1"]\` (or \`allowHttp: true\`).`,
      );
    });
  });

  describe("when the fetch fails or runs long", () => {
    it("names the status and reason of an HTTP error", async () => {
      const { tool, url } = await setUp({});
      expect(await softError(tool.call({ url: url("/missing") }, ctx))).toBe(
        `Execution: Execution error: HTTP 404 Not Found from ${url("/missing")}\nCheck the URL (search for the page again if needed) rather than retrying it unchanged.`,
      );
    });

    it("stops a slow server at the time cap", async () => {
      let closed = false;
      const { tool, url } = await setUp(
        {
          "/slow": (_req, res) => {
            res.writeHead(200, { "content-type": "text/plain" });
            res.write("first bytes ");
            res.on("close", () => {
              closed = true;
            });
          },
        },
        { timeoutMs: 300 },
      );
      const text = await softError(tool.call({ url: url("/slow") }, ctx));
      expect(text).toBe(
        `Timeout: Timeout after 0.3s\n127.0.0.1:${url("").split(":")[2]} did not send the whole page within 300 ms; try again later, or use another source.`,
      );
      await expect.poll(() => closed).toBe(true);
    });

    it("cuts a 50 MB body at the 10 MiB download cap, with a note", async () => {
      const total = 50 * 1024 * 1024;
      let written = 0;
      const chunk = Buffer.alloc(64 * 1024, "a");
      const { tool, url } = await setUp({
        "/huge": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain", "content-length": total });
          const pump = (): void => {
            while (written < total && !res.destroyed) {
              written += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
            }
            if (written >= total) res.end();
          };
          pump();
        },
      });
      const text = (await tool.call({ url: url("/huge"), max_chars: 10 }, ctx)).textContent();
      expect(text).toBe(
        `URL: ${url("/huge")}\nType: text/plain\n\naaaaaaaaaa\n\n[Showing characters 1-10 of 10485760. Pass offset: 10 for the next page.]\n\n[The download stopped at the 10 MiB cap; the rest of the page was not read.]`,
      );
      expect(written).toBeLessThan(total / 2);
    });

    it("cuts a gzip bomb at the cap counted after decompression", async () => {
      const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, "b"));
      const { tool, url } = await setUp(
        {
          "/bomb": (_req, res) => {
            res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(bomb);
          },
        },
        { maxBytes: 1024 * 1024 },
      );
      const text = (await tool.call({ url: url("/bomb"), max_chars: 3 }, ctx)).textContent();
      expect(bomb.length).toBeLessThan(100_000);
      expect(text).toBe(
        `URL: ${url("/bomb")}\nType: text/plain\n\nbbb\n\n[Showing characters 1-3 of 1048576. Pass offset: 3 for the next page.]\n\n[The download stopped at the 1 MiB cap; the rest of the page was not read.]`,
      );
    });

    it("stops at the time cap while the name is still resolving", async () => {
      const never = new Promise<never>(() => {});
      const tool = new WebFetch({
        lookup: () => never,
        timeoutMs: 100,
        connect: () => {
          throw new Error("must not connect");
        },
      });
      expect(await softError(tool.call({ url: "https://slow-dns.test/" }, ctx))).toContain(
        "Timeout: Timeout after 0.1s\nslow-dns.test did not send the whole page within 100 ms",
      );
    });

    it("answers Cancelled when ctx.signal aborts", async () => {
      const { tool, url } = await setUp({
        "/hang": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain" });
          res.write("...");
        },
      });
      const controller = new AbortController();
      const pending = tool.call({ url: url("/hang") }, createToolContext({ signal: controller.signal }));
      setTimeout(() => controller.abort(), 50);
      expect(await softError(pending)).toContain("Cancelled");
    });
  });

  describe("when a page is read again", () => {
    it("serves it from the cache within 15 minutes, and downloads again without a cache", async () => {
      const { site, tool, url } = await setUp({ "/c": serve("text/plain", "cached words") });
      await tool.call({ url: url("/c") }, ctx);
      await tool.call({ url: url("/c"), max_chars: 5 }, ctx);
      expect(site.requests).toEqual(["/c"]);
      const uncached = new WebFetch({ allowHttp: true, allowHosts: ["127.0.0.1"], cache: false });
      await uncached.call({ url: url("/c") }, ctx);
      await uncached.call({ url: url("/c") }, ctx);
      expect(site.requests).toEqual(["/c", "/c", "/c"]);
    });
  });

  describe("when the input or the options are wrong", () => {
    it.each([
      [{ url: "ftp://example.com/x" }, '`url` must use http or https, got the scheme "ftp".'],
      [{ url: "not a url" }, "`url` must be an absolute http(s) URL"],
      [{ url: "https://user:pw@example.com/" }, "`url` must not contain a user name or password"],
      [{ url: "https://example.com/", max_chars: 0 }, "max_chars"],
      [{}, "url"],
    ])("refuses %j", async (input, said) => {
      const tool = new WebFetch();
      const text = await softError(tool.call(input, ctx));
      expect(text).toContain("InvalidInput");
      expect(text).toContain(said);
    });

    it.each([
      [
        { allowHosts: ["http://intranet.example"] },
        "WebFetch: `allowHosts[0]` must be a host name or IP address without scheme or port",
      ],
      [
        { allowHttp: "yes" },
        'WebFetch: `allowHttp` must be true, false or an array of hosts, got string "yes".',
      ],
      [{ timeoutMs: 0 }, "WebFetch: `timeoutMs` must be an integer from 1"],
      [{ maxPages: 0 }, "WebFetch: `maxPages` must be an integer from 1"],
      [{ conversionTimeoutMs: 1.5 }, "WebFetch: `conversionTimeoutMs` must be an integer from 1"],
      [{ conversionMemoryMb: 8 }, "WebFetch: `conversionMemoryMb` must be an integer of at least 16"],
      [{ headers: { Host: "x" } }, "WebFetch: `headers.Host` must be a header other than Host"],
      [{ userAgent: "a\nb" }, "WebFetch: `userAgent` must be a non-empty string on one line"],
    ])("throws on the options %j", (options, said) => {
      expect(() => new WebFetch(options as WebFetchOptions)).toThrow(said);
    });

    it("sends the user agent and extra headers", async () => {
      const { site, url } = await setUp({ "/h": serve("text/plain", "ok") });
      const tool = new WebFetch({
        allowHttp: true,
        allowHosts: ["127.0.0.1"],
        userAgent: "TestAgent/1",
        headers: { "X-Trace": "t1" },
      });
      await tool.call({ url: url("/h") }, ctx);
      expect(site.lastHeaders()).toMatchObject({
        "user-agent": "TestAgent/1",
        "x-trace": "t1",
        "accept-encoding": "gzip, deflate, br",
      });
    });
  });
});
