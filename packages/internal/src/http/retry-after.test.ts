import { describe, expect, it } from "vitest";
import { parseRetryAfterMs } from "./retry-after.js";

const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");

describe("parseRetryAfterMs", () => {
  it.each([
    ["120", 120_000],
    [" 7 ", 7_000],
    ["0", 0],
    ["1.5", 1_500],
    ["0.25", 250],
    ["Wed, 21 Oct 2026 07:28:05 GMT", 5_000],
    ["Wed, 21 Oct 2026 07:27:00 GMT", 0],
  ])("reads %j as %d ms", (header, ms) => {
    expect(parseRetryAfterMs(header, now)).toBe(ms);
  });

  it.each([null, undefined, "", "  ", "-1", "+3", "1e3", "0x10", ".5", "5.", "soon", "1,5", "Infinity"])(
    "finds %j unreadable",
    (header) => {
      expect(parseRetryAfterMs(header, now)).toBeUndefined();
    },
  );
});
