import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED_VALUE, redactValues, SHORT_SECRET_LENGTH } from "./redact-values.js";

const KEY = "sk-test-0123456789abcdef";

describe("redactValues", () => {
  describe("when the text holds a secret", () => {
    it("removes it as written, percent-encoded and form-encoded", () => {
      const secret = "a/b c+d=e&f";
      const text = `raw ${secret} pct ${encodeURIComponent(secret)} form ${new URLSearchParams({ k: secret }).toString().slice(2)}`;
      expect(redactValues(text, [secret])).toBe(
        `raw ${REDACTED_VALUE} pct ${REDACTED_VALUE} form ${REDACTED_VALUE}`,
      );
    });

    it("removes a long secret even inside a longer run of key characters", () => {
      expect(redactValues(`token=Bearer${KEY}xyz`, [KEY])).toBe(`token=Bearer${REDACTED_VALUE}xyz`);
    });

    it("removes a short secret only where it stands alone", () => {
      expect(redactValues("bad chat.completion.chunk; key k rejected", ["k"])).toBe(
        "bad chat.completion.chunk; key [redacted] rejected",
      );
      expect(redactValues("GET /x?key=a%2Fb&y=a/b", ["a/b"])).toBe("GET /x?key=[redacted]&y=[redacted]");
    });

    it("removes the longer of two overlapping secrets whole", () => {
      expect(redactValues(`k=${KEY}`, [KEY.slice(0, 10), KEY])).toBe(`k=${REDACTED_VALUE}`);
    });

    it("ignores empty secrets and leaves text without secrets as it was", () => {
      expect(redactValues("no secrets here", ["", "zzzzzzzzzz"])).toBe("no secrets here");
    });
  });

  describe("for any text", () => {
    it("leaves no trace of a long secret, wherever it stands", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: SHORT_SECRET_LENGTH }),
          fc.string(),
          fc.string(),
          (secret, before, after) => {
            expect(redactValues(`${before}${secret}${after}`, [secret])).not.toContain(secret);
          },
        ),
      );
    });

    it("leaves no trace of a short secret standing alone", () => {
      fc.assert(
        // The text around it holds no letters or digits, so the secret cannot also be one of its words.
        fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,7}$/), (secret) => {
          expect(redactValues(`= ${secret}. + (${secret})`, [secret])).toBe(
            `= ${REDACTED_VALUE}. + (${REDACTED_VALUE})`,
          );
        }),
      );
    });
  });
});
