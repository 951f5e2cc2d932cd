import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterByDomains, hostMatches, normalizeDomain, siteOperators } from "./domain-filter.js";

const result = (url: string) => ({ title: url, url, snippet: "" });

describe("normalizeDomain", () => {
  describe("when the entry is a domain or a URL", () => {
    it.each([
      ["example.com", "example.com"],
      [" Docs.Python.ORG ", "docs.python.org"],
      ["https://docs.python.org/3/library/", "docs.python.org"],
      ["http://localhost:8080", "localhost"],
      ["*.example.org", "example.org"],
      [".example.org.", "example.org"],
      ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ])("reads %j as %j", (entry, expected) => {
      expect(normalizeDomain(entry)).toBe(expected);
    });
  });

  describe("when the entry is not a domain", () => {
    it.each([
      [""],
      ["not a domain"],
      ["example.com/path"],
      ["-bad.com"],
      ["a..b"],
      ["user@example.com"],
      ["https://"],
    ])("returns undefined for %j", (entry) => {
      expect(normalizeDomain(entry)).toBeUndefined();
    });
  });
});

describe("hostMatches", () => {
  describe("when comparing hosts", () => {
    it.each([
      ["example.com", "example.com", true],
      ["docs.example.com", "example.com", true],
      ["EXAMPLE.com.", "example.com", true],
      ["notexample.com", "example.com", false],
      ["example.com.evil.net", "example.com", false],
    ])("%s against %s is %s", (host, domain, expected) => {
      expect(hostMatches(host, domain)).toBe(expected);
    });
  });
});

describe("filterByDomains", () => {
  const results = ["https://a.com/1", "https://sub.a.com/2", "https://b.org/3", "not a url"].map(result);

  describe("when only allowed domains are given", () => {
    it("keeps the allowed hosts and their subdomains, and drops unparsable URLs", () => {
      const { kept, removed } = filterByDomains(results, { allowed: ["a.com"], blocked: [] });
      expect(kept.map((r) => r.url)).toEqual(["https://a.com/1", "https://sub.a.com/2"]);
      expect(removed).toBe(2);
    });
  });

  describe("when both lists are given", () => {
    it("needs an allowed match and no blocked match", () => {
      const { kept } = filterByDomains(results, { allowed: ["a.com", "b.org"], blocked: ["sub.a.com"] });
      expect(kept.map((r) => r.url)).toEqual(["https://a.com/1", "https://b.org/3"]);
    });
  });

  describe("when the inputs are arbitrary", () => {
    it("keeps an ordered subset in which no result is blocked", () => {
      const label = fc.stringMatching(/^[a-z]{1,6}$/);
      const host = fc.array(label, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("."));
      fc.assert(
        fc.property(
          fc.array(host, { maxLength: 12 }),
          fc.array(host, { maxLength: 3 }),
          fc.array(host, { maxLength: 3 }),
          (hosts, allowed, blocked) => {
            const input = hosts.map((h, i) => result(`https://${h}/${i}`));
            const { kept, removed } = filterByDomains(input, { allowed, blocked });
            expect(kept.length + removed).toBe(input.length);
            const order = kept.map((r) => input.indexOf(r));
            expect(order).toEqual([...order].sort((x, y) => x - y));
            for (const r of kept) {
              const h = new URL(r.url).hostname;
              expect(blocked.some((d) => hostMatches(h, d))).toBe(false);
              if (allowed.length) expect(allowed.some((d) => hostMatches(h, d))).toBe(true);
            }
          },
        ),
      );
    });
  });
});

describe("siteOperators", () => {
  describe("when filters are given", () => {
    it("joins allowed sites with OR and negates blocked ones", () => {
      expect(siteOperators({ allowed: ["a.com", "b.org"], blocked: ["c.net"] })).toBe(
        "site:a.com OR site:b.org -site:c.net",
      );
      expect(siteOperators({ allowed: [], blocked: ["c.net", "d.io"] })).toBe("-site:c.net -site:d.io");
      expect(siteOperators({ allowed: [], blocked: [] })).toBe("");
    });
  });
});
