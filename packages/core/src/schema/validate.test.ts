import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolError } from "../errors/error.js";
import type { JsonSchema } from "../json/json.js";
import { compileSchema, validateInput } from "./validate.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    file_path: { type: "string" },
    limit: { type: "integer", minimum: 1 },
    mode: { type: "string", enum: ["fast", "slow"] },
    opts: {
      type: "object",
      properties: { depth: { type: "number" }, tags: { type: "array", items: { type: "string" } } },
      required: ["depth"],
      additionalProperties: false,
    },
    edits: {
      type: "array",
      items: { type: "object", properties: { old: { type: "string" } }, required: ["old"] },
    },
  },
  required: ["file_path"],
  additionalProperties: false,
};

function message(input: unknown, s: JsonSchema = schema): string {
  try {
    validateInput(s, input);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).kind).toBe("InvalidInput");
    return (error as ToolError).message;
  }
  throw new Error("expected validation to fail");
}

describe("validateInput", () => {
  describe("when the input is valid", () => {
    it("returns it unchanged, without defaults", () => {
      const input = { file_path: "a.ts" };
      expect(validateInput(schema, input)).toBe(input);
      expect(input).toEqual({ file_path: "a.ts" });
    });
  });
  describe("when a field is missing", () => {
    it("names the field and the expected type", () => {
      expect(message({})).toBe("Invalid input: missing required field `file_path` (expected string)");
    });
    it("names a nested field with its path", () => {
      expect(message({ file_path: "a", opts: {} })).toBe(
        "Invalid input: missing required field `opts.depth` (expected number)",
      );
    });
  });
  describe("when a field has the wrong type", () => {
    it("names the field, the expected type and what arrived", () => {
      expect(message({ file_path: 42 })).toBe("Invalid input: `file_path` must be string, got integer (42)");
      expect(message({ file_path: "a", limit: "10" })).toBe(
        'Invalid input: `limit` must be an integer, got string ("10")',
      );
      expect(message({ file_path: null })).toBe("Invalid input: `file_path` must be string, got null");
    });
    it("names array elements by index", () => {
      expect(message({ file_path: "a", opts: { depth: 1, tags: ["x", 3] } })).toBe(
        "Invalid input: `opts.tags[1]` must be string, got integer (3)",
      );
      expect(message({ file_path: "a", edits: [{ old: "x" }, {}] })).toBe(
        "Invalid input: missing required field `edits[1].old` (expected string)",
      );
    });
    it("says when the arguments are not an object at all", () => {
      expect(message("a.ts")).toBe('Invalid input: expected an object of arguments, got string ("a.ts")');
      expect(message([1])).toBe("Invalid input: expected an object of arguments, got an array of 1");
    });
  });
  describe("when a value breaks another rule", () => {
    it("lists enum values", () => {
      expect(message({ file_path: "a", mode: "medium" })).toBe(
        'Invalid input: `mode` must be one of "fast", "slow", got string ("medium")',
      );
    });
    it("reports bounds", () => {
      expect(message({ file_path: "a", limit: 0 })).toBe(
        "Invalid input: `limit` must be >= 1, got integer (0)",
      );
    });
    it("names an extra property and the allowed ones", () => {
      expect(message({ file_path: "a", path: "b" })).toBe(
        "Invalid input: unexpected field `path` (allowed: file_path, limit, mode, opts, edits)",
      );
    });
    it("lists several problems at once", () => {
      expect(message({ limit: 0, mode: 1 })).toBe(
        'Invalid input: missing required field `file_path` (expected string); `limit` must be >= 1, got integer (0); `mode` must be string, got integer (1); `mode` must be one of "fast", "slow", got integer (1)',
      );
    });
    it("summarises anyOf failures instead of listing every branch", () => {
      const s: JsonSchema = {
        type: "object",
        properties: { v: { anyOf: [{ type: "string" }, { type: "number" }] } },
      };
      expect(message({ v: true }, s)).toBe(
        "Invalid input: `v` does not match any allowed shape (string | number), got boolean (true)",
      );
    });
    it("cuts a long value", () => {
      expect(message({ file_path: "a", limit: "x".repeat(200) })).toMatch(/got string \("x{56}\.\.\.\)$/);
    });
  });
  describe("when schemas are compiled", () => {
    it("compiles a schema object once", () => {
      expect(compileSchema(schema)).toBe(compileSchema(schema));
    });
    it("reuses the compiled function for an equal schema built again", () => {
      const a = compileSchema({ type: "object", properties: { q: { type: "string" } } });
      const b = compileSchema({ properties: { q: { type: "string" } }, type: "object" });
      expect(a).toBe(b);
    });
    it("accepts draft-07 and 2020-12 schemas with $schema", () => {
      const d7 = {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        definitions: { s: { type: "string" } },
        properties: { a: { $ref: "#/definitions/s" } },
      };
      const d20 = {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: { s: { type: "string" } },
        properties: { a: { $ref: "#/$defs/s" } },
      };
      expect(validateInput(d7, { a: "x" })).toEqual({ a: "x" });
      expect(validateInput(d20, { a: "x" })).toEqual({ a: "x" });
      expect(message({ a: 1 }, d20)).toBe("Invalid input: `a` must be string, got integer (1)");
    });
    it("throws a TypeError for a schema that is itself invalid", () => {
      expect(() => compileSchema({ type: "nonsense" })).toThrow(/Invalid JSON Schema/);
    });
  });
  describe("when inputs are arbitrary JSON", () => {
    it("either returns the input or throws InvalidInput naming a problem", () => {
      fc.assert(
        fc.property(fc.jsonValue(), (input) => {
          try {
            expect(validateInput(schema, input)).toBe(input);
          } catch (error) {
            expect(ToolError.is(error) && error.kind === "InvalidInput").toBe(true);
            expect((error as Error).message).toMatch(/^Invalid input: \S/);
          }
        }),
      );
    });
  });
});
