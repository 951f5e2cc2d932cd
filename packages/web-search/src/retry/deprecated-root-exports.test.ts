import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  DEFAULT_RETRY,
  DEFAULT_SEARCH_RETRY,
  parseRetryAfterMs,
  redactSecrets,
} from "../index.js";

describe("the retry helpers the root exported before 0.2", () => {
  describe("when a user still calls them", () => {
    it("DEFAULT_RETRY is DEFAULT_SEARCH_RETRY", () => {
      expect(DEFAULT_RETRY).toBe(DEFAULT_SEARCH_RETRY);
    });

    it.each([
      [1, 0, 100],
      [2, 0.5, 300],
      [3, 1, 800],
      [20, 0, 2500],
    ])("backoffDelayMs after attempt %d with random %d waits %d ms, as before", (attempt, random, ms) => {
      expect(backoffDelayMs({ attempt, baseMs: 200, factor: 2, capMs: 5000, random })).toBe(ms);
    });

    it("parseRetryAfterMs reads the header as every Toolkit client does", () => {
      expect(parseRetryAfterMs("120", 0)).toBe(120_000);
      expect(parseRetryAfterMs("1.5", 0)).toBe(1_500);
      expect(parseRetryAfterMs("soon", 0)).toBeUndefined();
    });

    it("redactSecrets removes a key, URL-encoded too", () => {
      expect(redactSecrets("k=a%2Fb and a/b", ["a/b"])).toBe("k=[redacted] and [redacted]");
    });
  });
});
