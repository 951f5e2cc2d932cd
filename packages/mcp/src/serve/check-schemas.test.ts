import { FnTool, type JsonSchema } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkObjectSchema, checkSchemas } from "./check-schemas.js";

const TYPES = ["string", "number", "integer", "boolean", "array", "object", "null"] as const;

function toolWith(input: JsonSchema, output?: unknown) {
  const tool = new FnTool("t", "A tool.", input, () => "ok");
  if (output !== undefined) Object.assign(tool, { outputSchema: () => output });
  return tool;
}

describe("checkObjectSchema", () => {
  describe("when the schema is a valid object schema", () => {
    it("returns it for any properties of valid types", () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.constantFrom(...TYPES)), (props) => {
          const properties = Object.fromEntries(Object.entries(props).map(([k, type]) => [k, { type }]));
          const schema = { type: "object", properties };
          expect(checkObjectSchema(schema, "input schema")).toBe(schema);
        }),
        { numRuns: 40 },
      );
    });
  });

  describe("when the schema is not acceptable", () => {
    it.each([
      [[], "its input schema is not a JSON object"],
      [{ properties: {} }, 'its input schema must have `type: "object"` at the root, got null'],
      [{ type: "array" }, 'its input schema must have `type: "object"` at the root, got "array"'],
    ])("says why (%o)", (schema, reason) => {
      expect(checkObjectSchema(schema, "input schema")).toBe(reason);
    });

    it("rejects any unknown type name through the validator", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1 }).filter((t) => !(TYPES as readonly string[]).includes(t)),
          (type) => {
            const reason = checkObjectSchema({ type: "object", properties: { x: { type } } }, "input schema");
            expect(reason).toMatch(/^its input schema is not a valid JSON Schema: /);
          },
        ),
        { numRuns: 30 },
      );
    });
  });
});

describe("checkSchemas", () => {
  describe("when the tool declares an output schema", () => {
    it("returns both schemas when both are valid", () => {
      const output = { type: "object", properties: { n: { type: "integer" } } };
      const tool = toolWith({ type: "object" }, output);
      expect(checkSchemas(tool, tool.schema())).toEqual({
        ok: true,
        inputSchema: { type: "object" },
        outputSchema: output,
      });
    });

    it.each([
      [{ type: "string" }, 'its output schema must have `type: "object"` at the root, got "string"'],
      ["nope", "tool 't': `outputSchema()` must return a JSON Schema object"],
    ])("skips the tool when it is invalid (%o)", (output, reason) => {
      const tool = toolWith({ type: "object" }, output);
      expect(checkSchemas(tool, tool.schema())).toEqual({ ok: false, reason });
    });
  });
});
