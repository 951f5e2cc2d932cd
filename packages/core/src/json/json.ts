/** A value that survives a JSON round trip unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };

/** A JSON Schema document, as plain JSON. */
export type JsonSchema = { [k: string]: JsonValue };

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is { [k: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Serialises a value as canonical JSON: object keys sorted recursively (by
 * UTF-16 code unit, as `Array.prototype.sort` orders them), no whitespace,
 * numbers and strings exactly as `JSON.stringify` writes them. Equal values
 * give equal strings whatever their key order.
 *
 * Values that JSON cannot hold follow `JSON.stringify`: `undefined` and
 * functions are dropped from objects and become `null` in arrays; `toJSON` is
 * honoured. A cycle or a BigInt throws a `TypeError`.
 *
 * @example canonicalJson({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  const out = write(value, new Set());
  // JSON.stringify(undefined) is undefined; a canonical form must be a string.
  if (out === undefined)
    throw new TypeError("canonicalJson: the value has no JSON form (undefined or a function)");
  return out;
}

function write(value: unknown, seen: Set<object>): string | undefined {
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null || typeof value !== "object") {
    if (typeof value === "bigint")
      throw new TypeError("canonicalJson: a BigInt cannot be serialised as JSON");
    return JSON.stringify(value);
  }
  if (seen.has(value)) throw new TypeError("canonicalJson: the value contains a cycle");
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item) => write(item, seen) ?? "null").join(",")}]`;
    }
    const keys = Object.keys(value).sort();
    const fields: string[] = [];
    for (const key of keys) {
      const item = write((value as Record<string, unknown>)[key], seen);
      if (item !== undefined) fields.push(`${JSON.stringify(key)}:${item}`);
    }
    return `{${fields.join(",")}}`;
  } finally {
    seen.delete(value);
  }
}
