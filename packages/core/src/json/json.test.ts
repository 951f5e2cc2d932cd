import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./json.js";

describe("canonicalJson", () => {
  describe("when keys arrive in any order", () => {
    it("sorts them recursively", () => {
      expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
        '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
      );
    });
    it("gives equal strings for objects that differ only in key order", () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
          const reversed = Object.fromEntries(Object.entries(obj).reverse());
          expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        }),
      );
    });
  });
  describe("when values are scalars", () => {
    it.each([
      [0, "0"],
      [-0, "0"],
      [1e21, "1e+21"],
      [0.1, "0.1"],
      [Number.NaN, "null"],
      [true, "true"],
      ["é\u2028😀", JSON.stringify("é\u2028😀")],
      ['q"\\', '"q\\"\\\\"'],
    ])("writes %s as JSON.stringify does", (value, expected) => {
      expect(canonicalJson(value)).toBe(expected);
    });
    it("keeps unicode keys and sorts them by code unit", () => {
      expect(canonicalJson({ é: 1, e: 2, "😀": 3 })).toBe('{"e":2,"é":1,"😀":3}');
    });
  });
  describe("when the value is any JSON value", () => {
    it("round-trips through JSON.parse without whitespace", () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const text = canonicalJson(value);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
          expect(canonicalJson(JSON.parse(text))).toBe(text);
        }),
      );
    });
  });
  describe("when the value cannot be JSON", () => {
    it("throws on a cycle", () => {
      const a: Record<string, unknown> = {};
      a.self = a;
      expect(() => canonicalJson(a)).toThrow(/cycle/);
    });
    it("throws on a BigInt", () => {
      expect(() => canonicalJson({ n: 1n })).toThrow(/BigInt/);
    });
    it("throws on undefined at the root and drops it inside objects", () => {
      expect(() => canonicalJson(undefined)).toThrow(/no JSON form/);
      expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    });
    it("allows the same object twice when it is not a cycle", () => {
      const shared = { x: 1 };
      expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    });
  });
});
