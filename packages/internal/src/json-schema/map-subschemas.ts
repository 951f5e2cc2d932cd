/** A JSON value, as schemas are made of. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A JSON object. */
export type JsonObject = { [k: string]: Json };

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords whose value is one subschema or a list of them (JSON Schema 2020-12 and draft 7). */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "prefixItems",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
]);

/** Keywords whose value maps names to subschemas. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/**
 * A copy of `node` with `fn` applied to each of its immediate subschemas (the
 * values of the keywords above; each element of a list, each value of a map).
 * Other keywords are copied as they are. `fn` decides whether to recurse.
 * Never mutates. A non-object node is returned as it is.
 */
export function mapSubschemas(node: Json, fn: (subschema: Json, keyword: string) => Json): Json {
  if (!isJsonObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (SUBSCHEMA_KEYWORDS.has(key)) {
      out[key] = Array.isArray(value) ? value.map((v) => fn(v, key)) : fn(value, key);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isJsonObject(value)) {
      const map: JsonObject = {};
      for (const [name, sub] of Object.entries(value)) map[name] = fn(sub, key);
      out[key] = map;
    } else {
      out[key] = value;
    }
  }
  return out;
}
