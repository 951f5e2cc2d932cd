import { mapSubschemas } from "@toolkit/internal";
import { isJsonObject, type JsonSchema, type JsonValue } from "../json/json.js";

/**
 * Tightens a schema for strict-mode APIs (OpenAI `strict: true`): every object
 * is closed (`additionalProperties: false`) and lists every property as
 * required, recursively; a property that was optional becomes nullable, so
 * the model can still say "absent" with `null`. `restoreAbsent` maps those
 * nulls back before the tool sees the input. Idempotent; never mutates.
 *
 * An object whose `additionalProperties` is a schema (a map, as zod's
 * `z.record`) keeps it: closing it would make the map always empty.
 */
export function strictSchema(schema: JsonSchema): JsonSchema {
  return tighten(schema) as JsonSchema;
}

function tighten(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(tighten);
  if (!isJsonObject(node)) return node;
  const out = mapSubschemas(node, tighten) as { [k: string]: JsonValue };
  if (isObjectSchema(node)) {
    const properties = isJsonObject(out.properties) ? out.properties : {};
    const required = new Set(
      Array.isArray(node.required) ? node.required.filter((r) => typeof r === "string") : [],
    );
    const props: { [k: string]: JsonValue } = {};
    for (const [name, prop] of Object.entries(properties)) {
      props[name] = required.has(name) ? prop : nullable(prop);
    }
    if (isJsonObject(out.properties) || Object.keys(props).length > 0) out.properties = props;
    out.required = Object.keys(props);
    if (!isJsonObject(node.additionalProperties) || Object.keys(node.additionalProperties).length === 0) {
      out.additionalProperties = false;
    }
  }
  return out;
}

function isObjectSchema(node: { [k: string]: JsonValue }): boolean {
  return (
    node.type === "object" ||
    (Array.isArray(node.type) && node.type.includes("object")) ||
    (node.type === undefined && isJsonObject(node.properties))
  );
}

/** True when the schema already accepts null. */
export function acceptsNull(schema: JsonValue): boolean {
  if (!isJsonObject(schema)) return schema === true;
  if (schema.type === "null") return true;
  if (Array.isArray(schema.type) && schema.type.includes("null")) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (schema.const === null) return true;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.some(acceptsNull)) return true;
  }
  return Object.keys(schema).length === 0;
}

function nullable(prop: JsonValue): JsonValue {
  if (!isJsonObject(prop) || acceptsNull(prop)) return prop;
  // A const keeps its meaning only when wrapped.
  if (prop.const !== undefined) return { anyOf: [prop, { type: "null" }] };
  if (
    typeof prop.type === "string" &&
    prop.$ref === undefined &&
    prop.anyOf === undefined &&
    prop.oneOf === undefined
  ) {
    const out: { [k: string]: JsonValue } = { ...prop, type: [prop.type, "null"] };
    if (Array.isArray(prop.enum)) out.enum = [...prop.enum, null];
    return out;
  }
  if (Array.isArray(prop.type)) {
    const out: { [k: string]: JsonValue } = { ...prop, type: [...prop.type, "null"] };
    if (Array.isArray(prop.enum)) out.enum = [...prop.enum, null];
    return out;
  }
  if (Array.isArray(prop.anyOf)) return { ...prop, anyOf: [...prop.anyOf, { type: "null" }] };
  return { anyOf: [prop, { type: "null" }] };
}

/**
 * Undoes strict mode's nulls: for each property that `schema` (the original,
 * not the strict one) leaves optional and that does not itself accept null, a
 * `null` value is removed, recursively through objects and arrays. Returns a
 * new value when anything changed, else the input itself.
 */
export function restoreAbsent(schema: JsonSchema, input: unknown): unknown {
  return restore(
    schema,
    input,
    isJsonObject(schema.$defs) ? schema.$defs : isJsonObject(schema.definitions) ? schema.definitions : {},
  );
}

function restore(schema: JsonValue, input: unknown, defs: { [k: string]: JsonValue }): unknown {
  if (!isJsonObject(schema) || input === null || typeof input !== "object") return input;
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, "");
    const target = defs[name];
    return target === undefined ? input : restore(target, input, defs);
  }
  const branch = pickBranch(schema, input);
  if (branch !== undefined) return restore(branch, input, defs);
  if (Array.isArray(input)) {
    const items = schema.items;
    if (!isJsonObject(items)) return input;
    let changed = false;
    const out = input.map((item) => {
      const r = restore(items, item, defs);
      if (r !== item) changed = true;
      return r;
    });
    return changed ? out : input;
  }
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const extra = isJsonObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(input)) {
    const own = Object.hasOwn(properties, key);
    const prop = own ? properties[key] : extra;
    if (prop === undefined) continue;
    let next: unknown = value;
    if (value === null && own && !required.has(key) && !acceptsNull(prop)) next = undefined;
    else next = restore(prop, value, defs);
    if (next !== value) {
      out ??= { ...(input as Record<string, unknown>) };
      if (next === undefined) delete out[key];
      else out[key] = next;
    }
  }
  return out ?? input;
}

/** For an anyOf/oneOf schema, the branch that describes the input's shape (array or object). */
function pickBranch(schema: { [k: string]: JsonValue }, input: object): JsonValue | undefined {
  const branches = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined;
  if (!branches) return undefined;
  const wanted = Array.isArray(input) ? "array" : "object";
  return branches.find((b) => {
    if (!isJsonObject(b)) return false;
    if (b.type === wanted || (Array.isArray(b.type) && b.type.includes(wanted))) return true;
    if (typeof b.$ref === "string") return true;
    return wanted === "array"
      ? b.items !== undefined
      : b.properties !== undefined || b.additionalProperties !== undefined;
  });
}
