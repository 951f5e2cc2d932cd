import { createToolContext } from "@toolkit/core";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatIpv4 } from "../guard/ip-address.js";
import { REFUSED_IPV4 } from "../guard/refused-ranges.js";
import { softError, testNetwork } from "./test-network.js";
import { type TestSite, redirect, serve, startTestSite } from "./test-site.js";
import { WebFetch } from "./web-fetch.js";

const ctx = createToolContext();
let site: TestSite;
beforeEach(async () => {
  site = await startTestSite({
    "/page": serve("text/plain", "internal secret"),
    "/to-metadata": redirect("http://metadata.test/latest/meta-data/"),
    "/to-private-ip": redirect("http://10.0.0.7/admin"),
    "/start": redirect("/next"),
    "/next": serve("text/plain", "second hop"),
  });
});
afterEach(async () => {
  await site.close();
});

/** A WebFetch on the pretend internet whose names resolve as `names` says. */
function tool(names: Record<string, string[] | (() => string[])>, options: { allowHosts?: string[] } = {}) {
  const net = testNetwork(site.port, names);
  return {
    net,
    fetcher: new WebFetch({
      lookup: net.lookup,
      connect: net.connect,
      allowHttp: true,
      cache: false,
      ...options,
    }),
  };
}

function assertNoConnection(net: { targets: unknown[] }): void {
  expect(net.targets).toEqual([]);
  expect(site.connections()).toBe(0);
}

const REFUSED = [
  ["0.0.0.0"],
  ["10.1.2.3"],
  ["100.64.0.1"],
  ["127.0.0.1"],
  ["169.254.169.254"],
  ["172.16.5.4"],
  ["192.168.0.10"],
  ["198.18.0.1"],
  ["224.0.0.251"],
  ["240.0.0.1"],
  ["255.255.255.255"],
  ["::"],
  ["::1"],
  ["fc00::1"],
  ["fd00:ec2::254"],
  ["fe80::1"],
  ["ff02::1"],
  ["::ffff:127.0.0.1"],
  ["::ffff:169.254.169.254"],
  ["::ffff:a00:1"],
  ["::127.0.0.1"],
  ["64:ff9b::a9fe:a9fe"],
  ["2002:c0a8:1::1"],
];

describe("WebFetch SSRF guard", () => {
  describe("when a name resolves to an internal address", () => {
    it.each(REFUSED)("refuses %s before connecting", async (address) => {
      const { net, fetcher } = tool({ "evil.test": [address] });
      const text = await softError(fetcher.call({ url: `http://evil.test:${site.port}/page` }, ctx));
      expect(text).toContain(
        `Permission: Permission denied: evil.test resolves to ${address}, an internal address: `,
      );
      expect(text).toContain("WebFetch refuses it");
      assertNoConnection(net);
    });

    it("refuses a name that resolves to a public and a private address, whatever the order", async () => {
      for (const answer of [
        ["93.184.216.34", "10.0.0.1"],
        ["10.0.0.1", "93.184.216.34"],
      ]) {
        const { net, fetcher } = tool({ "mixed.test": answer });
        const text = await softError(fetcher.call({ url: `http://mixed.test:${site.port}/page` }, ctx));
        expect(text).toContain("mixed.test resolves to 10.0.0.1, an internal address: private (10.0.0.0/8)");
        assertNoConnection(net);
      }
    });

    it("refuses any address drawn from the refused IPv4 ranges, plain or IPv4-mapped", async () => {
      const address = fc
        .constantFrom(...REFUSED_IPV4)
        .chain((range) =>
          fc.integer({ min: 0, max: 2 ** (32 - range.bits) - 1 }).map((n) => formatIpv4(range.base + n)),
        );
      await fc.assert(
        fc.asyncProperty(address, fc.boolean(), async (v4, mapped) => {
          const answer = mapped ? `::ffff:${v4}` : v4;
          const { net, fetcher } = tool({ "random.test": [answer] });
          const text = await softError(fetcher.call({ url: `http://random.test:${site.port}/page` }, ctx));
          expect(text).toContain(`random.test resolves to ${answer}`);
          assertNoConnection(net);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe("when the URL holds an IP literal", () => {
    it.each([
      ["http://127.0.0.1:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://2130706433:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://0177.0.0.1:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://0x7f000001:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://0x7f.1:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://127.1:PORT/page", "127.0.0.1 is an internal address: loopback"],
      ["http://0:PORT/page", "0.0.0.0 is an internal address: unspecified"],
      ["http://0xa9fea9fe/latest/meta-data/", "169.254.169.254 is an internal address: link-local"],
      ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is an internal address: link-local"],
      ["http://012.0.0.1:PORT/page", "10.0.0.1 is an internal address: private"],
      ["http://[::1]:PORT/page", "::1 is an internal address: loopback"],
      ["http://[::ffff:127.0.0.1]:PORT/page", "::ffff:7f00:1 is an internal address: IPv4-mapped 127.0.0.1"],
      [
        "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
        "::ffff:a9fe:a9fe is an internal address: IPv4-mapped 169.254.169.254",
      ],
      ["http://[fe80::1]:PORT/page", "fe80::1 is an internal address: link-local"],
    ])("refuses %s without a lookup or a connection", async (template, said) => {
      const { net, fetcher } = tool({});
      const text = await softError(fetcher.call({ url: template.replace("PORT", String(site.port)) }, ctx));
      expect(text).toContain(said);
      expect(net.lookups).toEqual([]);
      assertNoConnection(net);
    });
  });

  describe("when a redirect leads to an internal address", () => {
    it("refuses a redirect from an allowed host to a name resolving to the metadata address", async () => {
      const { net, fetcher } = tool(
        { "allowed.test": ["127.0.0.1"], "metadata.test": ["169.254.169.254"] },
        { allowHosts: ["allowed.test"] },
      );
      const text = await softError(
        fetcher.call({ url: `http://allowed.test:${site.port}/to-metadata` }, ctx),
      );
      expect(text).toContain(
        `http://allowed.test:${site.port}/to-metadata redirected (302) to http://metadata.test/latest/meta-data/, which was not fetched: metadata.test resolves to 169.254.169.254, an internal address: link-local`,
      );
      expect(net.targets.map((t) => t.hostname)).toEqual(["allowed.test"]);
      expect(site.requests).toEqual(["/to-metadata"]);
    });

    it("refuses a redirect from an allowed host to a private IP literal", async () => {
      const { net, fetcher } = tool({ "allowed.test": ["127.0.0.1"] }, { allowHosts: ["allowed.test"] });
      const text = await softError(
        fetcher.call({ url: `http://allowed.test:${site.port}/to-private-ip` }, ctx),
      );
      expect(text).toContain("which was not fetched: 10.0.0.7 is an internal address: private (10.0.0.0/8)");
      expect(net.targets).toHaveLength(1);
    });

    it("checks a same-host redirect again and refuses when the name now resolves inside (rebinding)", async () => {
      let answers = 0;
      const { net, fetcher } = tool({
        "rebind.test": () => (answers++ === 0 ? ["93.184.216.34"] : ["10.0.0.1"]),
      });
      const text = await softError(fetcher.call({ url: `http://rebind.test:${site.port}/start` }, ctx));
      expect(text).toContain("rebind.test resolves to 10.0.0.1, an internal address: private");
      expect(net.lookups).toEqual(["rebind.test", "rebind.test"]);
      expect(site.requests).toEqual(["/start"]);
      expect(net.targets).toEqual([
        { protocol: "http:", hostname: "rebind.test", address: "93.184.216.34", family: 4, port: site.port },
      ]);
    });
  });

  describe("when the guard is lifted", () => {
    it("connects to the one checked address, sending the name as Host, after one lookup", async () => {
      const { net, fetcher } = tool({ "public.test": ["93.184.216.34", "93.184.216.35"] });
      const out = await fetcher.call({ url: `http://public.test:${site.port}/start` }, ctx);
      expect(out.textContent()).toContain("second hop");
      expect(net.targets.map((t) => t.address)).toEqual(["93.184.216.34", "93.184.216.34"]);
      expect(site.lastHeaders()?.host).toBe(`public.test:${site.port}`);
    });

    it("lets allowHosts through for those hosts only", async () => {
      const { net, fetcher } = tool(
        { "intranet.test": ["10.1.2.3"], "other.test": ["10.1.2.3"] },
        { allowHosts: ["INTRANET.test."] },
      );
      expect(
        (await fetcher.call({ url: `http://intranet.test:${site.port}/page` }, ctx)).textContent(),
      ).toContain("internal secret");
      const text = await softError(fetcher.call({ url: `http://other.test:${site.port}/page` }, ctx));
      expect(text).toContain("other.test resolves to 10.1.2.3");
      expect(net.targets).toHaveLength(1);
    });

    it("lets an allowed IP literal through, in any of its spellings", async () => {
      const { fetcher } = tool({}, { allowHosts: ["127.0.0.1"] });
      const out = await fetcher.call({ url: `http://0x7f.0.0.1:${site.port}/page` }, ctx);
      expect(out.textContent()).toContain("internal secret");
    });

    it("lets everything through with allowPrivateNetwork", async () => {
      const net = testNetwork(site.port, { "lan.test": ["192.168.1.20"] });
      const fetcher = new WebFetch({ ...net, allowHttp: true, allowPrivateNetwork: true });
      expect((await fetcher.call({ url: `http://lan.test:${site.port}/page` }, ctx)).textContent()).toContain(
        "internal secret",
      );
    });
  });

  describe("when the name does not resolve", () => {
    it("says the DNS lookup failed, with its code", async () => {
      const { net, fetcher } = tool({});
      const text = await softError(fetcher.call({ url: "https://nowhere.test/" }, ctx));
      expect(text).toBe(
        "Execution: Execution error: DNS lookup of nowhere.test failed (ENOTFOUND)\nCheck the host name for a typo; the name does not resolve from here.",
      );
      assertNoConnection(net);
    });
  });
});
