import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DefineToolError } from "../definition/define-tool-error.js";
import { toInputSchema } from "./input-schema.js";

describe("toInputSchema", () => {
  describe("when given a typical schema", () => {
    const input = z
      .object({
        url: z.string().describe("The page to fetch"),
        timeoutMs: z.int().positive().optional(),
        retries: z.number().default(2),
        referrer: z.string().nullish(),
        method: z.enum(["GET", "HEAD"]),
        kind: z.literal("page"),
        tags: z.array(z.string()),
        auth: z.object({ user: z.string(), token: z.string().optional() }),
        headers: z.record(z.string(), z.string()),
      })
      .meta({ title: "FetchPage", description: "Fetches a page." });
    const schema = toInputSchema({ input });

    it("emits zod's input-side schema with objects closed and no $schema", () => {
      expect(schema).toEqual({
        type: "object",
        title: "FetchPage",
        description: "Fetches a page.",
        properties: {
          url: { type: "string", description: "The page to fetch" },
          timeoutMs: { type: "integer", exclusiveMinimum: 0, maximum: 9007199254740991 },
          retries: { type: "number", default: 2 },
          referrer: { type: ["string", "null"] },
          method: { type: "string", enum: ["GET", "HEAD"] },
          kind: { type: "string", enum: ["page"] },
          tags: { type: "array", items: { type: "string" } },
          auth: {
            type: "object",
            properties: { user: { type: "string" }, token: { type: "string" } },
            required: ["user"],
            additionalProperties: false,
          },
          headers: {
            type: "object",
            propertyNames: { type: "string" },
            additionalProperties: { type: "string" },
          },
        },
        required: ["url", "method", "kind", "tags", "auth", "headers"],
        additionalProperties: false,
      });
      expect(schema).not.toHaveProperty("$schema");
    });

    it("returns plain JSON", () => {
      expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    });
  });

  describe("when an object is loose or strict", () => {
    it.each([
      ["z.looseObject", z.looseObject({ a: z.string() }), {}],
      ["passthrough()", z.object({ a: z.string() }).passthrough(), {}],
      ["loose()", z.object({ a: z.string() }).loose(), {}],
      ["catchall(number)", z.object({ a: z.string() }).catchall(z.number()), { type: "number" }],
      ["z.strictObject", z.strictObject({ a: z.string() }), false],
    ])("keeps %s as zod describes it", (_label, inner, additional) => {
      const schema = toInputSchema({ input: z.object({ inner }) });
      expect(schema.properties).toMatchObject({ inner: { additionalProperties: additional } });
    });
  });

  describe("when a field transforms its value", () => {
    it("describes what the model sends, not what run receives", () => {
      const schema = toInputSchema({
        input: z.object({
          count: z.string().transform((s) => Number(s)),
          when: z.codec(z.iso.datetime(), z.date(), {
            decode: (s) => new Date(s),
            encode: (d) => d.toISOString(),
          }),
        }),
      });
      expect(schema.properties).toMatchObject({
        count: { type: "string" },
        when: { type: "string", format: "date-time" },
      });
    });
  });

  describe("when a field has no JSON Schema form", () => {
    it.each([
      [
        "a date",
        z.object({ filter: z.object({ since: z.date() }) }),
        "defineTool: field `filter.since` of `input` cannot be sent by a model as JSON (Date cannot be represented in JSON Schema): send an ISO string with z.iso.datetime(), or decode one to a Date with z.codec(z.iso.datetime(), z.date(), { decode, encode })",
        "filter.since",
      ],
      [
        "a bigint inside an array",
        z.object({ ids: z.array(z.bigint()) }),
        "defineTool: field `ids[]` of `input` cannot be sent by a model as JSON (BigInt cannot be represented in JSON Schema): send a string of digits (z.string().regex(/^-?\\d+$/)) or a number (z.int())",
        "ids[]",
      ],
      [
        "a bare transform",
        z.object({ raw: z.transform((v: unknown) => String(v)) }),
        "defineTool: field `raw` of `input` cannot be sent by a model as JSON (Transforms cannot be represented in JSON Schema): transform from a type the model can send, e.g. z.string().transform(...), instead of a bare z.transform(...)",
        "raw",
      ],
      [
        "a function",
        z.object({ callback: z.function() }),
        "defineTool: field `callback` of `input` cannot be sent by a model as JSON (Function types cannot be represented in JSON Schema): a model cannot send a function; take a name or an enum of choices instead",
        "callback",
      ],
      [
        "a symbol",
        z.object({ token: z.symbol() }),
        "defineTool: field `token` of `input` cannot be sent by a model as JSON (Symbols cannot be represented in JSON Schema): a model cannot send a symbol; use a string or an enum",
        "token",
      ],
      [
        "a map in a record",
        z.object({ groups: z.record(z.string(), z.map(z.string(), z.number())) }),
        "defineTool: field `groups[*]` of `input` cannot be sent by a model as JSON (Map cannot be represented in JSON Schema): use z.record(z.string(), <value>) for a JSON object of entries",
        "groups[*]",
      ],
      [
        "a custom type",
        z.object({ file: z.instanceof(URL) }),
        "defineTool: field `file` of `input` cannot be sent by a model as JSON (Custom types cannot be represented in JSON Schema): describe the value with JSON types (z.string(), z.object(...)), then refine or transform it",
        "file",
      ],
    ])("throws naming the field and the fix for %s", (_label, input, message, field) => {
      const error = catchError(() => toInputSchema({ input }));
      expect(error).toBeInstanceOf(DefineToolError);
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ message, option: "input", field });
      expect((error as Error).cause).toBeInstanceOf(Error);
    });
  });

  describe("when the root is not an object", () => {
    it("throws for a union of objects, saying to wrap it", () => {
      const input = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
      expect(() => toInputSchema({ input })).toThrow(
        new DefineToolError(
          "defineTool: `input` must describe an object of named arguments, got a schema of a union. Wrap it in a field: z.object({ value: <your schema> })",
          { option: "input" },
        ),
      );
    });

    it("throws for a schema of another type", () => {
      // @ts-expect-error a string schema is not an object schema; JavaScript callers can still pass one
      expect(() => toInputSchema({ input: z.string() })).toThrow(
        "defineTool: `input` must describe an object of named arguments, got a schema of type string. Wrap it in a field: z.object({ value: <your schema> })",
      );
    });

    it("throws for something that is not a zod schema", () => {
      // @ts-expect-error a plain JSON Schema is not a zod schema
      expect(() => toInputSchema({ input: { type: "object" } })).toThrow(
        "defineTool: `input` must be a zod object schema such as z.object({ ... }), got object",
      );
    });
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
