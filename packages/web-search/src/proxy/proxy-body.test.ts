import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseProxyBody } from "./proxy-body.js";

describe("parseProxyBody", () => {
  describe("when the body is valid", () => {
    it("normalises the query and defaults max_results to 5", () => {
      expect(parseProxyBody('{"query":"  a\\t b \\n"}')).toEqual({
        ok: true,
        value: { query: "a b", maxResults: 5 },
      });
      expect(parseProxyBody('{"query":"a","max_results":10}')).toEqual({
        ok: true,
        value: { query: "a", maxResults: 10 },
      });
    });
  });

  describe("when the body is arbitrary JSON", () => {
    it("never throws, and accepts only what it can search", () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const read = parseProxyBody(JSON.stringify(value));
          if (read.ok) {
            expect(read.value.query).toBe(read.value.query.trim());
            expect(read.value.query.length).toBeGreaterThan(0);
            expect(read.value.maxResults).toBeGreaterThanOrEqual(1);
            expect(read.value.maxResults).toBeLessThanOrEqual(10);
          } else {
            expect(read.reason.length).toBeGreaterThan(0);
          }
        }),
      );
    });

    it("accepts every non-blank query with every count from 1 to 10", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ""),
          fc.integer({ min: 1, max: 10 }),
          (query, max) => {
            const read = parseProxyBody(JSON.stringify({ query, max_results: max }));
            expect(read).toEqual({
              ok: true,
              value: { query: query.replace(/\s+/g, " ").trim(), maxResults: max },
            });
          },
        ),
      );
    });
  });
});
