import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactValues } from "./redact.js";

describe("redactValues", () => {
  describe("when the text holds a secret", () => {
    it("removes it as written and URL-encoded", () => {
      expect(redactValues("GET /x?key=a%2Fb+c&y=a/b c", ["a/b c"])).toBe(
        "GET /x?key=[redacted]&y=[redacted]",
      );
      expect(redactValues("no secrets", ["", "zz"])).toBe("no secrets");
    });

    it("leaves a word alone that only contains a short secret", () => {
      expect(redactValues("chat.completion.chunk from key abc", ["abc", "chun"])).toBe(
        "chat.completion.chunk from key [redacted]",
      );
    });

    it("leaves no trace of an arbitrary secret", () => {
      fc.assert(
        fc.property(fc.string({ minLength: 8 }), fc.string(), fc.string(), (secret, before, after) => {
          expect(redactValues(`${before}${secret}${after}`, [secret])).not.toContain(secret);
        }),
      );
    });
  });
});
