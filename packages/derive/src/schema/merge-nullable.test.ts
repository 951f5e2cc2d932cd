import { describe, expect, it } from "vitest";
import { mergeNullable } from "./merge-nullable.js";

const items = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };

describe("mergeNullable", () => {
  describe("when a nullable branch has one type", () => {
    it("adds null to that type, keeping the outer keywords", () => {
      expect(
        mergeNullable({
          type: "object",
          properties: {
            list: { anyOf: [{ type: "array", items }, { type: "null" }], description: "rows" },
            nested: { properties: { deep: { anyOf: [{ type: "null" }, { type: "string" }] } } },
          },
        }),
      ).toEqual({
        type: "object",
        properties: {
          list: { type: ["array", "null"], items, description: "rows" },
          nested: { properties: { deep: { type: ["string", "null"] } } },
        },
      });
    });
  });

  describe("when merging would change what is accepted", () => {
    it.each([
      ["an enum", { anyOf: [{ type: "string", enum: ["a"] }, { type: "null" }] }],
      ["a const", { anyOf: [{ type: "string", const: "a" }, { type: "null" }] }],
      ["a reference", { anyOf: [{ $ref: "#/$defs/x" }, { type: "null" }] }],
      ["a union of types", { anyOf: [{ type: ["string", "number"] }, { type: "null" }] }],
      ["three branches", { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] }],
      ["no null branch", { anyOf: [{ type: "string" }, { type: "number" }] }],
    ])("leaves %s alone", (_label, schema) => {
      expect(mergeNullable({ properties: { f: schema } })).toEqual({ properties: { f: schema } });
    });
  });

  describe("when data looks like a schema", () => {
    it("leaves default, enum and const values untouched", () => {
      const data = { anyOf: [{ type: "string" }, { type: "null" }] };
      const schema = { type: "object", default: data, enum: [data], const: data };
      expect(mergeNullable(schema)).toEqual(schema);
    });
  });
});
