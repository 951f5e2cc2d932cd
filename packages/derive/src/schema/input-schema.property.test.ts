import { compileSchema, createToolContext, restoreAbsent, strictSchema, validateInput } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { toInputSchema } from "./input-schema.js";

/** A generated field type. */
type Spec =
  | { kind: "string"; minLength: number | undefined }
  | { kind: "number" | "int" | "boolean" }
  | { kind: "enum"; values: [string, ...string[]] }
  | { kind: "literal"; value: string | number | boolean }
  | { kind: "array"; item: Field }
  | { kind: "record"; value: Field }
  | { kind: "object"; fields: Record<string, Field> };
type Modifier = "required" | "optional" | "nullable" | "nullish" | "default";
interface Field {
  spec: Spec;
  modifier: Modifier;
}

const KEYS = ["a", "b", "c", "d", "e"];

const specArb: fc.Arbitrary<Spec> = fc.letrec<{ spec: Spec; field: Field }>((tie) => ({
  spec: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ kind: fc.constant("string" as const), minLength: fc.option(fc.nat(3), { nil: undefined }) }),
    fc.record({ kind: fc.constantFrom("number" as const, "int" as const, "boolean" as const) }),
    fc.record({
      kind: fc.constant("enum" as const),
      values: fc.uniqueArray(fc.constantFrom("x", "y", "z", "1", ""), {
        minLength: 1,
        maxLength: 3,
      }) as fc.Arbitrary<[string, ...string[]]>,
    }),
    fc.record({
      kind: fc.constant("literal" as const),
      value: fc.oneof(fc.constantFrom("k", ""), fc.integer(), fc.boolean()),
    }),
    fc.record({ kind: fc.constant("array" as const), item: tie("field") as fc.Arbitrary<Field> }),
    fc.record({ kind: fc.constant("record" as const), value: tie("field") as fc.Arbitrary<Field> }),
    fc.record({
      kind: fc.constant("object" as const),
      fields: fc.dictionary(fc.constantFrom(...KEYS), tie("field") as fc.Arbitrary<Field>, { maxKeys: 4 }),
    }),
  ),
  field: fc.record({
    spec: tie("spec") as fc.Arbitrary<Spec>,
    modifier: fc.constantFrom<Modifier>("required", "optional", "nullable", "nullish", "default"),
  }),
})).spec;

const rootArb = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.record({
    spec: specArb,
    modifier: fc.constantFrom<Modifier>("required", "optional", "nullable", "nullish", "default"),
  }),
  { minKeys: 1, maxKeys: 5 },
);

/** `strict` builds every object with z.strictObject: zod then refuses unknown keys, as the tool does. */
function toZod(spec: Spec, strict = false): z.ZodType {
  switch (spec.kind) {
    case "string":
      return spec.minLength === undefined ? z.string() : z.string().min(spec.minLength);
    case "number":
      return z.number();
    case "int":
      return z.int();
    case "boolean":
      return z.boolean();
    case "enum":
      return z.enum(spec.values);
    case "literal":
      return z.literal(spec.value);
    case "array":
      return z.array(fieldZod(spec.item, strict));
    case "record":
      return z.record(z.string(), fieldZod(spec.value, strict));
    case "object":
      return objectZod(spec.fields, strict);
  }
}

function fieldZod({ spec, modifier }: Field, strict = false): z.ZodType {
  const base = toZod(spec, strict);
  switch (modifier) {
    case "required":
      return base;
    case "optional":
      return base.optional();
    case "nullable":
      return base.nullable();
    case "nullish":
      return base.nullish();
    case "default":
      return base.default(defaultFor(spec));
  }
}

function objectZod(fields: Record<string, Field>, strict = false): z.ZodObject {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldZod(f, strict)]));
  return strict ? z.strictObject(shape) : z.object(shape);
}

/** A value that zod accepts for the spec, used for `.default()`. */
function defaultFor(spec: Spec): unknown {
  switch (spec.kind) {
    case "string":
      return "d".repeat(spec.minLength ?? 0);
    case "number":
      return 1.5;
    case "int":
      return 2;
    case "boolean":
      return true;
    case "enum":
      return spec.values[0];
    case "literal":
      return spec.value;
    case "array":
      return [];
    case "record":
      return {};
    case "object":
      return Object.fromEntries(
        Object.entries(spec.fields)
          .filter(([, f]) => f.modifier === "required" || f.modifier === "nullable")
          .map(([k, f]) => [k, f.modifier === "nullable" ? null : defaultFor(f.spec)]),
      );
  }
}

/** Values near the spec: mostly well-typed, sometimes any JSON value, never an unknown key. */
function valueArb(spec: Spec, validOnly: boolean): fc.Arbitrary<unknown> {
  const typed = typedArb(spec, validOnly);
  return validOnly
    ? typed
    : fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

function typedArb(spec: Spec, validOnly: boolean): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case "string":
      return fc.string({
        maxLength: 5,
        minLength: validOnly ? (spec.minLength ?? 0) : 0,
        // Astral characters count once toward a length in both zod and JSON Schema.
        unit: fc.oneof(
          fc.constantFrom("a", "é", "😀", "\u{1F1EB}\u{1F1F7}"),
          fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
        ),
      });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "int":
      return validOnly
        ? fc.integer()
        : fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.boolean();
    case "enum":
      return validOnly ? fc.constantFrom(...spec.values) : fc.constantFrom(...spec.values, "w", 1);
    case "literal":
      return validOnly ? fc.constant(spec.value) : fc.constantFrom(spec.value, "k", 0, false);
    case "array":
      return fc.array(fieldValueArb(spec.item, validOnly), { maxLength: 3 });
    case "record":
      return fc.dictionary(fc.constantFrom(...KEYS, "x-y", "1"), fieldValueArb(spec.value, validOnly), {
        maxKeys: 3,
      });
    case "object":
      return objectValueArb(spec.fields, validOnly);
  }
}

function fieldValueArb(field: Field, validOnly: boolean): fc.Arbitrary<unknown> {
  if (field.modifier === "nullable" || field.modifier === "nullish") {
    return fc.oneof(fc.constant(null), valueArb(field.spec, validOnly));
  }
  return valueArb(field.spec, validOnly);
}

function objectValueArb(
  fields: Record<string, Field>,
  validOnly: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields);
  return fc
    .tuple(...entries.map(([, f]) => fc.option(fieldValueArb(f, validOnly), { nil: undefined, freq: 3 })))
    .map((values) => {
      const out: Record<string, unknown> = {};
      entries.forEach(([key, field], i) => {
        const value = values[i];
        const mayBeAbsent = !validOnly || (field.modifier !== "required" && field.modifier !== "nullable");
        if (value !== undefined) out[key] = value;
        else if (!mayBeAbsent) out[key] = defaultFor(field.spec);
      });
      return out;
    });
}

/** What a strict-mode model sends: every absent optional field as null, recursively. */
function strictify(fields: Record<string, Field>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    out[key] = key in value ? strictValue(field.spec, value[key]) : null;
  }
  return out;
}

function strictValue(spec: Spec, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (spec.kind === "object") return strictify(spec.fields, value as Record<string, unknown>);
  if (spec.kind === "array" && Array.isArray(value)) return value.map((v) => strictValue(spec.item.spec, v));
  if (spec.kind === "record") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strictValue(spec.value.spec, v)]));
  }
  return value;
}

/** What restoreAbsent should give back: absent stays absent unless the field itself accepts null. */
function expectedRestore(
  fields: Record<string, Field>,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (key in value) out[key] = expectedValue(field.spec, value[key]);
    else if (field.modifier === "nullish") out[key] = null;
  }
  return out;
}

function expectedValue(spec: Spec, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (spec.kind === "object") return expectedRestore(spec.fields, value as Record<string, unknown>);
  if (spec.kind === "array" && Array.isArray(value))
    return value.map((v) => expectedValue(spec.item.spec, v));
  return value;
}

/**
 * True when a record's values hold objects. Core's `restoreAbsent` does not
 * yet descend into record values (`additionalProperties` schemas), though
 * `strictSchema` tightens them, so nulls in there are not restored.
 */
function hasObjectRecord(fields: Record<string, Field>): boolean {
  const holdsObject = (spec: Spec): boolean =>
    spec.kind === "object" ||
    (spec.kind === "array" && holdsObject(spec.item.spec)) ||
    (spec.kind === "record" && holdsObject(spec.value.spec));
  const visit = (spec: Spec): boolean => {
    if (spec.kind === "record") return holdsObject(spec.value.spec);
    if (spec.kind === "array") return visit(spec.item.spec);
    if (spec.kind === "object") return hasObjectRecord(spec.fields);
    return false;
  };
  return Object.values(fields).some((f) => visit(f.spec));
}

const specAndValue = (validOnly: boolean) =>
  rootArb.chain((fields) => objectValueArb(fields, validOnly).map((value) => ({ fields, value })));

describe("toInputSchema", () => {
  describe("when given generated object shapes and sampled inputs", () => {
    it("accepts exactly what zod accepts once unknown keys are refused", () => {
      fc.assert(
        fc.property(specAndValue(false), ({ fields, value }) => {
          const validate = compileSchema(toInputSchema({ input: objectZod(fields) }));
          expect(validate(value)).toBe(objectZod(fields, true).safeParse(value).success);
        }),
        { numRuns: 500 },
      );
    });

    it("describes z.object exactly as z.strictObject", () => {
      fc.assert(
        fc.property(rootArb, (fields) => {
          expect(toInputSchema({ input: objectZod(fields) })).toEqual(
            toInputSchema({ input: objectZod(fields, true) }),
          );
        }),
        { numRuns: 200 },
      );
    });
  });
});

describe("defineTool", () => {
  describe("when a strict-mode model sends every field, nulls for the absent ones", () => {
    it("validates against strictSchema and restores the input run would have had", async () => {
      const ctx = createToolContext();
      await fc.assert(
        fc.asyncProperty(specAndValue(true), async ({ fields, value }) => {
          fc.pre(!hasObjectRecord(fields));
          const input = objectZod(fields);
          const tool = defineTool({
            input,
            name: "generated",
            description: "A generated tool.",
            run: () => "ok",
          });
          const schema = tool.schema().input_schema;
          const sent = strictify(fields, value);
          const restored = restoreAbsent(schema, validateInput(strictSchema(schema), sent));
          expect(restored).toEqual(expectedRestore(fields, value));
          const out = await tool.call(restored, ctx);
          expect(out.isError).toBe(false);
          expect(input.parse(restored)).toEqual(input.parse(expectedRestore(fields, value)));
        }),
        { numRuns: 200 },
      );
    });
  });

  describe("when the model invents a field", () => {
    it("refuses it although zod alone would strip it", async () => {
      const ctx = createToolContext();
      await fc.assert(
        fc.asyncProperty(
          specAndValue(true),
          fc.constantFrom("zz", "extra", "A"),
          async ({ fields, value }, extra) => {
            const input = objectZod(fields);
            const tool = defineTool({
              input,
              name: "generated",
              description: "A generated tool.",
              run: () => "ok",
            });
            expect(input.safeParse({ ...value, [extra]: 1 }).success).toBe(true);
            const out = await tool.call({ ...value, [extra]: 1 }, ctx);
            expect(out.isError).toBe(true);
            expect(out.textContent()).toContain(`unexpected field \`${extra}\``);
          },
        ),
        { numRuns: 100 },
      );
    });
  });
});
