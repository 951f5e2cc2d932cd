import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-message.js";
import { hostileThrownValues } from "../test/index.js";

describe("errorMessage", () => {
  describe("when given an Error or a plain value", () => {
    it.each([
      [new Error("disk full"), "disk full"],
      [new TypeError(""), ""],
      ["plain", "plain"],
      [42, "42"],
      [undefined, "undefined"],
      [null, "null"],
      [{ toString: () => "custom" }, "custom"],
    ])("describes %o as %j", (value, expected) => {
      expect(errorMessage(value)).toBe(expected);
    });
  });
  describe("when the value fights back", () => {
    it("falls back to a plainer description", () => {
      const error = new Error("x");
      Object.defineProperty(error, "message", {
        get() {
          throw new Error("getter");
        },
      });
      expect(errorMessage(error)).toBe("[object Error]");
      expect(errorMessage(Object.create(null))).toBe("[object Object]");
      const revoked = Proxy.revocable({}, {});
      revoked.revoke();
      expect(errorMessage(revoked.proxy)).toBe("a thrown value that cannot be described");
    });
    it("never throws and always returns a string, whatever was thrown", () => {
      fc.assert(
        fc.property(fc.constantFrom(...hostileThrownValues()), fc.string(), (thrown, text) => {
          expect(typeof errorMessage(thrown.make(text))).toBe("string");
        }),
      );
      fc.assert(
        fc.property(fc.anything({ withNullPrototype: true, withBoxedValues: true }), (value) => {
          expect(typeof errorMessage(value)).toBe("string");
        }),
      );
    });
  });
});
