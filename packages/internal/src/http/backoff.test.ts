import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffMs } from "./backoff.js";

const policy = { baseMs: 500, factor: 2, capMs: 8_000 };

describe("backoffMs", () => {
  describe("without jitter", () => {
    it.each([
      [1, 500],
      [2, 1_000],
      [3, 2_000],
      [5, 8_000],
      [40, 8_000],
    ])("waits after attempt %d for %d ms", (attempt, ms) => {
      expect(backoffMs(policy, attempt)).toBe(ms);
    });
  });

  describe("with equal jitter", () => {
    it.each([
      [1, 0, 250],
      [1, 0.999999, 500],
      [2, 0.5, 750],
      [3, 1, 2_000],
      [20, 0, 4_000],
    ])("after attempt %d with random %d waits %d ms", (attempt, random, ms) => {
      expect(backoffMs(policy, attempt, random)).toBe(ms);
    });

    it("stays between half the exact wait and the exact wait, never above the cap", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 40 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.double({ min: 1, max: 4, noNaN: true }),
          fc.integer({ min: 0, max: 60_000 }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          (attempt, baseMs, factor, capMs, random) => {
            const wait = backoffMs({ baseMs, factor, capMs }, attempt, random);
            const exact = backoffMs({ baseMs, factor, capMs }, attempt);
            expect(wait).toBeGreaterThanOrEqual(Math.floor(exact / 2));
            expect(wait).toBeLessThanOrEqual(Math.ceil(exact));
            expect(wait).toBeLessThanOrEqual(capMs);
          },
        ),
      );
    });

    it("never shrinks from one attempt to the next at the same draw", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 30 }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          (attempt, random) => {
            expect(backoffMs(policy, attempt + 1, random)).toBeGreaterThanOrEqual(
              backoffMs(policy, attempt, random),
            );
          },
        ),
      );
    });
  });
});
