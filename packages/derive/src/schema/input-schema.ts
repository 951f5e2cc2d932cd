import type { JsonSchema } from "@toolkit/core";
import { z } from "zod";
import { DefineToolError } from "../definition/define-tool-error.js";
import { mergeNullable } from "./merge-nullable.js";
import type { InputSchema } from "../definition/types.js";

/** Options for `toInputSchema`. */
export interface ToInputSchemaOptions {
  /** The zod schema of the tool's arguments; its input side must be an object. */
  input: InputSchema;
}

/**
 * The JSON Schema a model is shown for a zod schema: zod's own conversion of
 * the input side (`io: "input"`, draft 2020-12) without `$schema`, with every
 * object closed (`additionalProperties: false`) unless it is loose
 * (`z.looseObject`, `.passthrough()`, `.loose()`) or has a catchall, a
 * single literal as a one-value `enum`, and a nullable field's
 * `anyOf: [X, null]` merged into X's type where that is equivalent.
 * Throws a DefineToolError naming the field when a type has no JSON Schema
 * form, or when the root is not an object.
 *
 * @example toInputSchema({ input: z.object({ text: z.string() }) })
 * // { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false }
 */
export function toInputSchema({ input }: ToInputSchemaOptions): JsonSchema {
  if (!isZodSchema(input)) {
    throw new DefineToolError(
      `defineTool: \`input\` must be a zod object schema such as z.object({ ... }), got ${typeof input}`,
      { option: "input" },
    );
  }
  let generated: Record<string, unknown>;
  try {
    generated = z.toJSONSchema(input, { io: "input", override: adjust });
  } catch (error) {
    throw unrepresentable(input, error);
  }
  const { $schema: _dialect, ...schema } = generated;
  if (schema.type !== "object") {
    throw new DefineToolError(
      `defineTool: \`input\` must describe an object of named arguments, got a schema of ${describeRoot(schema)}. Wrap it in a field: z.object({ value: <your schema> })`,
      { option: "input" },
    );
  }
  // zod emits plain JSON; the round trip drops anything that is not (and proves there is nothing).
  return mergeNullable(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

function isZodSchema(value: unknown): value is InputSchema {
  return typeof value === "object" && value !== null && "_zod" in value;
}

type OverrideContext = Parameters<NonNullable<z.core.ToJSONSchemaParams["override"]>>[0];

/**
 * zod leaves a plain object open on its input side (it strips unknown keys);
 * the model must not send any, so it is closed. A single literal becomes a
 * one-value `enum` rather than `const`: the same constraint, but one that
 * core's `strictSchema` can make nullable for an optional field.
 */
function adjust({ zodSchema, jsonSchema }: OverrideContext): void {
  const def = zodSchema._zod.def;
  if (def.type === "object" && def.catchall === undefined && jsonSchema.additionalProperties === undefined) {
    jsonSchema.additionalProperties = false;
  }
  if (jsonSchema.const !== undefined && jsonSchema.enum === undefined) {
    jsonSchema.enum = [jsonSchema.const];
    delete jsonSchema.const;
  }
}

function describeRoot(schema: Record<string, unknown>): string {
  if (typeof schema.type === "string") return `type ${schema.type}`;
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return "a union";
  return "no single type";
}

/** How to make each kind of zod type expressible, keyed by zod's def type. */
const FIXES: Record<string, string> = {
  date: "send an ISO string with z.iso.datetime(), or decode one to a Date with z.codec(z.iso.datetime(), z.date(), { decode, encode })",
  bigint: "send a string of digits (z.string().regex(/^-?\\d+$/)) or a number (z.int())",
  transform:
    "transform from a type the model can send, e.g. z.string().transform(...), instead of a bare z.transform(...)",
  function: "a model cannot send a function; take a name or an enum of choices instead",
  symbol: "a model cannot send a symbol; use a string or an enum",
  custom: "describe the value with JSON types (z.string(), z.object(...)), then refine or transform it",
  map: "use z.record(z.string(), <value>) for a JSON object of entries",
  set: "use z.array(<item>) and check uniqueness with .refine(...)",
  undefined: "use .optional() on the field instead",
  void: "use .optional() on the field instead",
  nan: "use z.number() or a nullable field",
  literal: "use a literal of a string, number, boolean or null",
};

const UNREPRESENTABLE = new Set(Object.keys(FIXES));

/** Re-runs the conversion leniently to find the field zod refused, then explains the fix. */
function unrepresentable(input: InputSchema, error: unknown): DefineToolError {
  const reason = error instanceof Error ? error.message : String(error);
  let found: { field: string; kind: string } | undefined;
  try {
    z.toJSONSchema(input, {
      io: "input",
      unrepresentable: "any",
      override: ({ zodSchema, path }) => {
        const kind = zodSchema._zod.def.type;
        if (found === undefined && UNREPRESENTABLE.has(kind) && !isPlainLiteral(zodSchema)) {
          found = { field: fieldPath(path), kind };
        }
      },
    });
  } catch {
    // The lenient pass may fail where the strict one did; the reason alone still helps.
  }
  const fix = found ? FIXES[found.kind] : undefined;
  const where = found ? `field \`${found.field}\`` : "a field";
  return new DefineToolError(
    `defineTool: ${where} of \`input\` cannot be sent by a model as JSON (${reason})${fix ? `: ${fix}` : ""}`,
    found ? { option: "input", field: found.field, cause: error } : { option: "input", cause: error },
  );
}

function isPlainLiteral(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  if (def.type !== "literal" || !("values" in def) || !Array.isArray(def.values)) return false;
  return def.values.every((v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v));
}

/** `["properties", "a", "items", "properties", "b"]` → `a[].b`. */
function fieldPath(path: readonly (string | number)[]): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (segment === "properties" && i + 1 < path.length) {
      out += `${out === "" ? "" : "."}${String(path[++i])}`;
    } else if (segment === "items" || segment === "prefixItems") {
      out += "[]";
    } else if (segment === "additionalProperties") {
      out += "[*]";
    }
  }
  return out === "" ? "input" : out;
}
