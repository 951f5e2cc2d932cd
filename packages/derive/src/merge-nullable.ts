import { isJsonObject, type JsonSchema, type JsonValue } from "@toolkit/core";

/** Keywords whose value is one subschema or a list of them. */
const SUBSCHEMA = new Set([
  "items",
  "additionalProperties",
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
const SCHEMA_MAPS = new Set(["properties", "$defs", "definitions", "patternProperties"]);

/**
 * Rewrites zod's `anyOf: [X, { type: "null" }]` for a nullable field as X
 * with `"null"` added to its type, recursively. The two accept the same
 * values whenever X has one `type` and no `enum`, `const` or `$ref`; the
 * merged form is shorter, gives `validateInput` a plain "must be array or
 * null" message, and lets core's `restoreAbsent` reach the objects inside a
 * nullable array. Never mutates.
 */
export function mergeNullable(schema: JsonSchema): JsonSchema {
  return merge(schema) as JsonSchema;
}

function merge(node: JsonValue): JsonValue {
  if (!isJsonObject(node)) return node;
  const out: { [k: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(node)) {
    if (SUBSCHEMA.has(key)) out[key] = Array.isArray(value) ? value.map(merge) : merge(value);
    else if (SCHEMA_MAPS.has(key) && isJsonObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, merge(v)]));
    } else out[key] = value;
  }
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullAt = branches.findIndex(
    (b) => isJsonObject(b) && b.type === "null" && Object.keys(b).length === 1,
  );
  const other = branches[1 - nullAt];
  if (nullAt === -1 || !isJsonObject(other) || typeof other.type !== "string") return out;
  if (other.enum !== undefined || other.const !== undefined || other.$ref !== undefined) return out;
  const { anyOf: _branches, ...siblings } = out;
  return { ...other, ...siblings, type: [other.type, "null"] };
}
