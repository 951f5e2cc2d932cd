import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  describe("when a client bursts", () => {
    it("allows `requests` at once, then says how long until the next token", () => {
      let now = 0;
      const limiter = new RateLimiter({ limit: { requests: 3, windowMs: 3000 }, now: () => now });
      expect([1, 2, 3].map(() => limiter.take("a").allowed)).toEqual([true, true, true]);
      expect(limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 1000 });
      now = 400;
      expect(limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 600 });
      now = 1000;
      expect(limiter.take("a")).toEqual({ allowed: true });
      expect(limiter.take("b")).toEqual({ allowed: true });
    });
  });

  describe("when many clients appear", () => {
    it("forgets the least recently seen beyond maxClients", () => {
      const limiter = new RateLimiter({
        limit: { requests: 1, windowMs: 60_000 },
        maxClients: 2,
        now: () => 0,
      });
      limiter.take("a");
      limiter.take("b");
      limiter.take("c");
      expect(limiter.take("a").allowed).toBe(true);
      expect(limiter.take("c").allowed).toBe(false);
    });
  });

  describe("when requests arrive at arbitrary times", () => {
    it("never allows more than requests + elapsed * rate in any run", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 10 }),
          fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 60 }),
          (requests, gaps) => {
            let now = 0;
            const windowMs = 1000;
            const limiter = new RateLimiter({ limit: { requests, windowMs }, now: () => now });
            let allowed = 0;
            for (const gap of gaps) {
              now += gap;
              if (limiter.take("c").allowed) allowed++;
            }
            expect(allowed).toBeLessThanOrEqual(requests + Math.floor((now * requests) / windowMs));
          },
        ),
      );
    });
  });
});
