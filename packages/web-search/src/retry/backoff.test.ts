import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff.js";

const DEFAULTS = { baseMs: 200, factor: 2, capMs: 5000 };

describe("backoffDelayMs", () => {
  describe("when using the default policy", () => {
    it.each([
      [1, 0, 100],
      [1, 0.999999, 200],
      [2, 0, 200],
      [2, 0.5, 300],
      [3, 1, 800],
      [6, 1, 5000],
      [20, 0, 2500],
    ])("attempt %d with random %d waits %d ms", (attempt, random, expected) => {
      expect(backoffDelayMs({ ...DEFAULTS, attempt, random })).toBe(expected);
    });
  });

  describe("when inputs are arbitrary", () => {
    it("stays between half the exponential delay and the delay, never above the cap", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 40 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.double({ min: 1, max: 4, noNaN: true }),
          fc.integer({ min: 0, max: 60_000 }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          (attempt, baseMs, factor, capMs, random) => {
            const delay = backoffDelayMs({ attempt, baseMs, factor, capMs, random });
            const exponential = Math.min(capMs, baseMs * factor ** (attempt - 1));
            expect(delay).toBeGreaterThanOrEqual(Math.floor(exponential / 2));
            expect(delay).toBeLessThanOrEqual(Math.ceil(exponential));
            expect(delay).toBeLessThanOrEqual(capMs);
          },
        ),
      );
    });

    it("never shrinks from one attempt to the next at the same random draw", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 30 }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          (attempt, random) => {
            const now = backoffDelayMs({ ...DEFAULTS, attempt, random });
            expect(backoffDelayMs({ ...DEFAULTS, attempt: attempt + 1, random })).toBeGreaterThanOrEqual(now);
          },
        ),
      );
    });
  });
});
