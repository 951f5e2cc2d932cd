import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRetryAfterMs } from "./retry-after.js";

const NOW = Date.parse("2026-12-02T10:00:00Z");

describe("parseRetryAfterMs", () => {
  describe("when the header holds seconds", () => {
    it.each([
      ["0", 0],
      ["1", 1000],
      [" 120 ", 120_000],
    ])("reads %j as %d ms", (value, expected) => {
      expect(parseRetryAfterMs(value, NOW)).toBe(expected);
    });

    it("reads any count of seconds", () => {
      fc.assert(
        fc.property(fc.nat({ max: 10_000_000 }), (s) => {
          expect(parseRetryAfterMs(String(s), NOW)).toBe(s * 1000);
        }),
      );
    });
  });

  describe("when the header holds an HTTP date", () => {
    it("waits until that date", () => {
      expect(parseRetryAfterMs("Wed, 02 Dec 2026 10:00:30 GMT", NOW)).toBe(30_000);
    });

    it("waits 0 ms for a date in the past", () => {
      expect(parseRetryAfterMs("Tue, 01 Dec 2026 10:00:00 GMT", NOW)).toBe(0);
    });
  });

  describe("when the header is absent or malformed", () => {
    it.each([[null], [undefined], [""], ["-1"], ["1.5"], ["soon"], ["10s"], ["Wed, 99 Foo 2026"]])(
      "returns undefined for %j",
      (value) => {
        expect(parseRetryAfterMs(value, NOW)).toBeUndefined();
      },
    );
  });
});
