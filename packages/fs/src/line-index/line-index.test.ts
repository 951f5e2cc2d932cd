import { describe, expect, it } from "vitest";
import { FileLineIndex, LineIndexCache, lineIndexCacheOf, MAX_CHECKPOINTS } from "./line-index.js";

describe("FileLineIndex", () => {
  it("finds the last line start at or before a line", () => {
    const index = new FileLineIndex("utf8", 100);
    index.add(150, 10);
    index.add(400, 30);
    expect(index.before(9)).toBeUndefined();
    expect(index.before(10)).toEqual({ offset: 150, line: 10 });
    expect(index.before(29)).toEqual({ offset: 150, line: 10 });
    expect(index.before(1_000)).toEqual({ offset: 400, line: 30 });
  });
  it("keeps line starts at least the spacing apart, in order", () => {
    const index = new FileLineIndex("utf8", 100);
    index.add(50, 5);
    index.add(150, 10);
    index.add(200, 12);
    index.add(120, 8);
    expect(index.size).toBe(1);
    expect(index.before(12)).toEqual({ offset: 150, line: 10 });
  });
  it("never holds more than MAX_CHECKPOINTS: it drops every other one and doubles the spacing", () => {
    const index = new FileLineIndex("utf8", 1);
    for (let i = 1; i <= MAX_CHECKPOINTS * 3; i++) index.add(i * 10, i + 1);
    expect(index.size).toBeLessThanOrEqual(MAX_CHECKPOINTS);
    expect(index.size).toBeGreaterThan(MAX_CHECKPOINTS / 4);
    // What is left still maps lines to their own offsets.
    const near = index.before(5_000);
    expect(near?.offset).toBe(((near?.line ?? 0) - 1) * 10);
  });
});

describe("LineIndexCache", () => {
  it("drops the least recently used file past its size", () => {
    const cache = new LineIndexCache(2);
    cache.create("a", "utf8", 1);
    cache.create("b", "utf8", 1);
    expect(cache.get("a")).toBeDefined();
    cache.create("c", "utf8", 1);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.size).toBe(2);
  });
  it("keeps one cache per file source, since versions are only unique within one", () => {
    const one = {};
    expect(lineIndexCacheOf(one)).toBe(lineIndexCacheOf(one));
    expect(lineIndexCacheOf({})).not.toBe(lineIndexCacheOf(one));
  });
});
