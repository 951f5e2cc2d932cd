import type { JsonSchema, JsonValue } from "@toolkit/core";

/** The schema keywords Gemini's function declarations accept (an OpenAPI 3.0 subset). */
const KEPT = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "anyOf",
  "items",
  "minimum",
  "maximum",
  "default",
]);

type Obj = { [k: string]: JsonValue };

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A JSON Schema reduced to what Gemini accepts, deterministically (keys keep
 * their order): a `type` list with `"null"` becomes `nullable: true` (several
 * other types become `anyOf`), `const` becomes a one-value `enum`, `oneOf`
 * becomes `anyOf`, and keywords Gemini rejects (`$schema`,
 * `additionalProperties`, `$ref`, `$defs`, ...) are left out.
 */
export function geminiSchema(schema: JsonSchema): Obj {
  return reduce(schema);
}

function reduce(schema: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && Array.isArray(value)) {
      const types = value.filter((t) => t !== "null");
      if (types.length === 1) out.type = types[0] as JsonValue;
      else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
      if (types.length !== value.length) out.nullable = true;
    } else if (key === "const") {
      // Gemini wants string enums, typed.
      out.enum = [typeof value === "string" ? value : JSON.stringify(value)];
      if (schema.type === undefined) out.type = "string";
    } else if (key === "oneOf" || key === "anyOf") {
      if (!Array.isArray(value)) continue;
      const variants = value.filter(isObject);
      const nonNull = variants.filter((v) => v.type !== "null");
      if (nonNull.length !== variants.length) out.nullable = true;
      if (nonNull.length === 1) Object.assign(out, reduce(nonNull[0] as Obj));
      else out.anyOf = nonNull.map(reduce);
    } else if (key === "properties" && isObject(value)) {
      const props: Obj = {};
      for (const [name, sub] of Object.entries(value)) props[name] = isObject(sub) ? reduce(sub) : {};
      out.properties = props;
    } else if (key === "items" && isObject(value)) {
      out.items = reduce(value);
    } else if (key === "enum" && Array.isArray(value)) {
      // Gemini wants string enums.
      out.enum = value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
      if (schema.type === undefined) out.type = "string";
    } else if (KEPT.has(key)) {
      out[key] = value;
    }
  }
  return out;
}
