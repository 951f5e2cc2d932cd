import { describe, expect, it } from "vitest";
import { formatResults } from "./format-results.js";

describe("formatResults", () => {
  describe("when there is one result", () => {
    it("says result, singular", () => {
      const text = formatResults({
        query: 'say "hi"',
        results: [{ title: "T", url: "https://t.dev", snippet: "" }],
        removed: 1,
        allowed: ["t.dev"],
        blocked: [],
      });
      expect(text).toBe(
        '1 result for "say \\"hi\\"":\n\n1. T\n   https://t.dev\n\n(1 more result was left out by the domain filters.)',
      );
    });
  });

  describe("when nothing is left and both filters are set", () => {
    it("names both filters", () => {
      expect(
        formatResults({
          query: "q",
          results: [],
          removed: 3,
          allowed: ["a.com"],
          blocked: ["b.com", "c.com"],
        }),
      ).toBe(
        'No results for "q" (allowed_domains: a.com; blocked_domains: b.com, c.com).\nTry different or fewer keywords, or relax the domain filters.',
      );
    });
  });
});
