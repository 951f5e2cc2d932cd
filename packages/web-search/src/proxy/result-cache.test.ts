import { describe, expect, it } from "vitest";
import { ResultCache } from "./result-cache.js";

describe("ResultCache", () => {
  describe("when entries age", () => {
    it("serves an entry until its TTL passes", () => {
      let now = 0;
      const cache = new ResultCache<string>({ ttlMs: 100, maxEntries: 10, now: () => now });
      cache.set("k", "v");
      now = 99;
      expect(cache.get("k")).toBe("v");
      now = 100;
      expect(cache.get("k")).toBeUndefined();
      expect(cache.size).toBe(0);
    });
  });

  describe("when more entries arrive than it holds", () => {
    it("evicts the least recently used", () => {
      const cache = new ResultCache<number>({ ttlMs: 1000, maxEntries: 2 });
      cache.set("a", 1);
      cache.set("b", 2);
      expect(cache.get("a")).toBe(1);
      cache.set("c", 3);
      expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.size]).toEqual([1, undefined, 3, 2]);
    });
  });

  describe("when disabled", () => {
    it.each([
      [0, 10],
      [100, 0],
    ])("stores nothing with ttlMs %d and maxEntries %d", (ttlMs, maxEntries) => {
      const cache = new ResultCache<number>({ ttlMs, maxEntries });
      cache.set("a", 1);
      expect(cache.get("a")).toBeUndefined();
    });
  });
});
