import { describe, expect, it } from "vitest";
import { backoffMs } from "./backoff.js";

const policy = { baseMs: 500, factor: 2, capMs: 8_000 };

describe("backoffMs", () => {
  it.each([
    [1, 500],
    [2, 1_000],
    [3, 2_000],
    [5, 8_000],
    [40, 8_000],
  ])("waits after attempt %d for %d ms", (attempt, ms) => {
    expect(backoffMs(policy, attempt)).toBe(ms);
  });

  it("spreads the wait below the exact one with full jitter", () => {
    expect(backoffMs(policy, 3, 0)).toBe(0);
    expect(backoffMs(policy, 3, 0.5)).toBe(1_000);
    expect(backoffMs(policy, 3, 0.999)).toBeLessThan(2_000);
  });
});
