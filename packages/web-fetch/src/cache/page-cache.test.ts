import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.js";

describe("PageCache", () => {
  describe("when an entry is older than ttlMs", () => {
    it("is gone", () => {
      let now = 0;
      const cache = new PageCache<string>({ ttlMs: 15 * 60_000, now: () => now });
      cache.set("a", "page", 8);
      now = 15 * 60_000 - 1;
      expect(cache.get("a")).toBe("page");
      now = 15 * 60_000;
      expect(cache.get("a")).toBeUndefined();
      expect(cache.bytes).toBe(0);
    });
  });

  describe("when it holds more than its limits", () => {
    it("drops the least recently used by entries", () => {
      const cache = new PageCache<number>({ maxEntries: 2 });
      cache.set("a", 1, 1);
      cache.set("b", 2, 1);
      cache.get("a");
      cache.set("c", 3, 1);
      expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
    });

    it("drops the least recently used by bytes, and never keeps a value over maxBytes", () => {
      const cache = new PageCache<number>({ maxBytes: 10 });
      cache.set("a", 1, 4);
      cache.set("b", 2, 4);
      cache.set("c", 3, 4);
      expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
      cache.set("huge", 4, 11);
      expect(cache.get("huge")).toBeUndefined();
      expect(cache.bytes).toBe(8);
    });

    it("replaces a key without counting it twice", () => {
      const cache = new PageCache<number>({});
      cache.set("a", 1, 5);
      cache.set("a", 2, 7);
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(7);
    });
  });
});
