import { isJsonObject, type JsonSchema, type JsonValue } from "@toolkit/core";
import { mapSubschemas } from "@toolkit/internal";

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
  const out = mapSubschemas(node, merge) as { [k: string]: JsonValue };
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
