import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../json/json.js";
import { restoreAbsent, strictSchema } from "./strict-schema.js";
import { validateInput } from "./validate.js";

const nested: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "file" },
    limit: { type: "integer" },
    mode: { type: "string", enum: ["a", "b"] },
    opts: {
      type: "object",
      properties: { deep: { type: "boolean" }, tag: { $ref: "#/$defs/tag" } },
      required: ["deep"],
    },
    edits: {
      type: "array",
      items: {
        type: "object",
        properties: { old: { type: "string" }, all: { type: "boolean" } },
        required: ["old"],
      },
    },
    either: { anyOf: [{ type: "string" }, { type: "number" }] },
    maybe: { type: ["string", "null"] },
    meta: { type: "object", additionalProperties: { type: "string" } },
  },
  required: ["path"],
  $defs: { tag: { type: "object", properties: { name: { type: "string" } } } },
};

describe("strictSchema", () => {
  describe("when given nested objects", () => {
    const strict = strictSchema(nested);
    it("closes every object and requires every property", () => {
      expect(strict.additionalProperties).toBe(false);
      expect(strict.required).toEqual(["path", "limit", "mode", "opts", "edits", "either", "maybe", "meta"]);
      const opts = (strict.properties as Record<string, JsonSchema>).opts as JsonSchema;
      expect(opts).toEqual({
        type: ["object", "null"],
        properties: {
          deep: { type: "boolean" },
          tag: { anyOf: [{ $ref: "#/$defs/tag" }, { type: "null" }] },
        },
        required: ["deep", "tag"],
        additionalProperties: false,
      });
    });
    it("makes optional properties nullable and leaves required ones alone", () => {
      const props = strict.properties as Record<string, JsonSchema>;
      expect(props.path).toEqual({ type: "string", description: "file" });
      expect(props.limit).toEqual({ type: ["integer", "null"] });
      expect(props.mode).toEqual({ type: ["string", "null"], enum: ["a", "b", null] });
      expect(props.either).toEqual({ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] });
      expect(props.maybe).toEqual({ type: ["string", "null"] });
    });
    it("closes arrays of objects and $defs", () => {
      const edits = (strict.properties as Record<string, JsonSchema>).edits as JsonSchema;
      expect((edits.items as JsonSchema).required).toEqual(["old", "all"]);
      expect((edits.items as JsonSchema).additionalProperties).toBe(false);
      expect(((strict.$defs as JsonSchema).tag as JsonSchema).additionalProperties).toBe(false);
    });
    it("keeps a map's value schema", () => {
      const meta = (strict.properties as Record<string, JsonSchema>).meta as JsonSchema;
      expect(meta.additionalProperties).toEqual({ type: "string" });
    });
    it("does not mutate its argument", () => {
      expect(nested.required).toEqual(["path"]);
    });
  });
  describe("when applied twice", () => {
    it("is idempotent", () => {
      expect(strictSchema(strictSchema(nested))).toEqual(strictSchema(nested));
    });
    it("is idempotent on generated object schemas", () => {
      const leaf = fc.constantFrom<JsonSchema>(
        { type: "string" },
        { type: "number" },
        { type: "boolean" },
        { type: "string", enum: ["x", "y"] },
      );
      const { node } = fc.letrec((tie) => ({
        node: fc.oneof(
          { depthSize: "small" },
          leaf,
          fc.record({ type: fc.constant("array"), items: tie("node") }),
          fc
            .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie("node"), { maxKeys: 4 })
            .chain((properties) =>
              fc
                .subarray(Object.keys(properties))
                .map((required) => ({ type: "object", properties, required }) as JsonSchema),
            ),
        ),
      }));
      fc.assert(
        fc.property(node, (schema) => {
          const once = strictSchema(schema as JsonSchema);
          expect(strictSchema(once)).toEqual(once);
        }),
      );
    });
  });
  describe("when the model answers a strict schema with null", () => {
    it("validates against the strict schema and maps null back to absent", () => {
      const strict = strictSchema(nested);
      const fromModel = {
        path: "a.ts",
        limit: null,
        mode: null,
        opts: { deep: true, tag: null },
        edits: [{ old: "x", all: null }],
        either: null,
        maybe: null,
        meta: null,
      };
      expect(validateInput(strict, fromModel)).toBe(fromModel);
      const restored = restoreAbsent(nested, fromModel);
      expect(restored).toEqual({ path: "a.ts", opts: { deep: true }, edits: [{ old: "x" }], maybe: null });
      expect(validateInput(nested, restored)).toBe(restored);
    });
    it("returns the same object when nothing is null", () => {
      const input = { path: "a" };
      expect(restoreAbsent(nested, input)).toBe(input);
    });
  });
});

describe("strictSchema and restoreAbsent on harder shapes", () => {
  describe("when an optional property is a const", () => {
    it("lets the model send null and maps it back", () => {
      const schema: JsonSchema = { type: "object", properties: { kind: { type: "string", const: "x" } } };
      const strict = strictSchema(schema);
      expect((strict.properties as Record<string, JsonSchema>).kind).toEqual({
        anyOf: [{ type: "string", const: "x" }, { type: "null" }],
      });
      expect(validateInput(strict, { kind: null })).toEqual({ kind: null });
      expect(restoreAbsent(schema, { kind: null })).toEqual({});
    });
  });
  describe("when a nullable array of objects holds strict nulls", () => {
    it("restores inside the array branch of an anyOf", () => {
      const schema: JsonSchema = {
        type: "object",
        properties: {
          list: {
            anyOf: [
              { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
              { type: "null" },
            ],
          },
        },
        required: ["list"],
      };
      expect(restoreAbsent(schema, { list: [{ a: null }, { a: "x" }] })).toEqual({ list: [{}, { a: "x" }] });
      expect(restoreAbsent(schema, { list: null })).toEqual({ list: null });
    });
  });
  describe("when a record holds objects with optional fields", () => {
    it("restores inside record values but keeps the record's own keys", () => {
      const schema: JsonSchema = {
        type: "object",
        properties: {
          byName: {
            type: "object",
            additionalProperties: { type: "object", properties: { n: { type: "number" } } },
          },
        },
        required: ["byName"],
      };
      const strict = strictSchema(schema);
      const input = { byName: { x: { n: null }, y: { n: 1 } } };
      expect(validateInput(strict, input)).toBe(input);
      expect(restoreAbsent(schema, input)).toEqual({ byName: { x: {}, y: { n: 1 } } });
    });
  });
});

describe("strictSchema keywords", () => {
  it("tightens objects under every subschema keyword, dependentSchemas and unevaluatedProperties included", () => {
    const inner = { type: "object", properties: { b: { type: "string" } } };
    const out = strictSchema({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
      dependentSchemas: { a: inner },
      unevaluatedProperties: inner,
    });
    const closed = {
      type: "object",
      properties: { b: { type: ["string", "null"] } },
      required: ["b"],
      additionalProperties: false,
    };
    expect(out.dependentSchemas).toEqual({ a: closed });
    expect(out.unevaluatedProperties).toEqual(closed);
  });
});
