import { describe, expect, it } from "vitest";
import { classifyOutcome } from "./classify-outcome.js";
import type { AttemptOutcome } from "./send-attempt.js";

const NOW = Date.parse("2026-12-02T10:00:00Z");
const options = { timeoutMs: 1000, secrets: ["s3cret"], nowMs: NOW };
const response = (status: number, body = "", headers: Record<string, string> = {}): AttemptOutcome => ({
  type: "response",
  status,
  statusText: "Status Text",
  headers: new Headers(headers),
  body,
});

describe("classifyOutcome", () => {
  describe("when the provider answered", () => {
    it.each([
      [429, true],
      [500, true],
      [502, true],
      [503, true],
      [400, false],
      [401, false],
      [403, false],
      [404, false],
      [301, false],
    ])("HTTP %d is retryable: %s", (status, retryable) => {
      expect(classifyOutcome(response(status), options).retryable).toBe(retryable);
    });

    it("reads Retry-After only from retryable answers", () => {
      expect(
        classifyOutcome(response(503, "", { "retry-after": "Wed, 02 Dec 2026 10:00:05 GMT" }), options)
          .retryAfterMs,
      ).toBe(5000);
      expect(
        classifyOutcome(response(400, "", { "retry-after": "5" }), options).retryAfterMs,
      ).toBeUndefined();
    });

    // How the header reads lives in @toolkit/internal with its tests; this checks the wiring.
    it.each([
      ["1.5", 1500],
      ["2", 2000],
      ["soon", undefined],
    ])("reads Retry-After %j as %j ms", (header, ms) => {
      expect(classifyOutcome(response(429, "", { "retry-after": header }), options).retryAfterMs).toBe(ms);
    });

    it("takes the reason from the body, without secrets, falling back to the status text", () => {
      expect(
        classifyOutcome(response(400, '{"error":{"message":"bad key s3cret"}}'), options).fields.reason,
      ).toBe("bad key [redacted]");
      expect(
        classifyOutcome(response(502, "<html><body>Bad gateway</body></html>"), options).fields.reason,
      ).toBe("Status Text");
    });

    it("lets the caller mark a 5xx final", () => {
      const final = classifyOutcome(response(502, '{"retryable":false}'), {
        ...options,
        retryableServerError: () => false,
      });
      expect(final.retryable).toBe(false);
    });
  });

  describe("when no answer came", () => {
    it("retries network errors and timeouts, never cancellations", () => {
      const network = classifyOutcome(
        { type: "network", error: new TypeError("fetch failed s3cret") },
        options,
      );
      expect([network.retryable, network.fields.reason]).toEqual([true, "fetch failed [redacted]"]);
      expect(classifyOutcome({ type: "timeout" }, options).fields).toEqual({
        kind: "timeout",
        reason: "no answer within 1000 ms",
        timeoutMs: 1000,
      });
      expect(classifyOutcome({ type: "cancelled" }, options).retryable).toBe(false);
    });

    it("fails at once on a body that is too large", () => {
      expect(classifyOutcome({ type: "oversize", limitBytes: 10 }, options)).toEqual({
        retryable: false,
        retryAfterMs: undefined,
        fields: { kind: "response", reason: "the body passed 10 bytes" },
      });
    });
  });
});
