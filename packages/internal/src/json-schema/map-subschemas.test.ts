import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Json, mapSubschemas, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS } from "./map-subschemas.js";

const mark = (sub: Json, keyword: string): Json => ({ seen: keyword, was: sub });

describe("mapSubschemas", () => {
  it.each([...SUBSCHEMA_KEYWORDS])("maps the subschema under %s", (keyword) => {
    expect(mapSubschemas({ [keyword]: { type: "string" } }, mark)).toEqual({
      [keyword]: { seen: keyword, was: { type: "string" } },
    });
  });

  it.each([...SCHEMA_MAP_KEYWORDS])("maps every value under %s", (keyword) => {
    expect(mapSubschemas({ [keyword]: { a: { type: "x" }, b: true } }, mark)).toEqual({
      [keyword]: { a: { seen: keyword, was: { type: "x" } }, b: { seen: keyword, was: true } },
    });
  });

  it("maps each element of a list of subschemas", () => {
    expect(mapSubschemas({ anyOf: [{ type: "a" }, { type: "b" }] }, mark)).toEqual({
      anyOf: [
        { seen: "anyOf", was: { type: "a" } },
        { seen: "anyOf", was: { type: "b" } },
      ],
    });
  });

  it("copies other keywords, including ones whose values look like schemas", () => {
    const node = { type: "object", required: ["a"], default: { items: { type: "x" } }, enum: [{ not: 1 }] };
    expect(mapSubschemas(node, mark)).toEqual(node);
  });

  it("returns a non-object node as it is", () => {
    expect(mapSubschemas(true, mark)).toBe(true);
    expect(mapSubschemas([{ items: {} }], mark)).toEqual([{ items: {} }]);
  });

  it("never mutates its input and is the identity for an identity fn", () => {
    const json = fc.letrec<{ node: Json }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom<Json>(null, true, 1, "s"),
        fc.array(tie("node"), { maxLength: 3 }) as fc.Arbitrary<Json>,
        fc.dictionary(
          fc.constantFrom("items", "anyOf", "properties", "type", "enum", "not", "$defs"),
          tie("node"),
          { maxKeys: 4 },
        ) as fc.Arbitrary<Json>,
      ),
    })).node;
    fc.assert(
      fc.property(json, (node) => {
        const before = JSON.stringify(node);
        const out = mapSubschemas(node, (sub) => sub);
        expect(JSON.stringify(node)).toBe(before);
        expect(out).toEqual(node);
      }),
    );
  });
});
