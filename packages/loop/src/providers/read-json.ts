/** Small readers for provider replies: each throws a TypeError naming the path that is off. */

/** A field of an object (undefined when absent). */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The value as an object; throws naming `path` otherwise. */
export function object(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`\`${path}\` must be an object`);
  }
  return value as Record<string, unknown>;
}

/** The value as an array; throws naming `path` otherwise. */
export function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`\`${path}\` must be an array`);
  return value;
}

/** A string, or "" for null/absent. */
export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A token count from a usage object, 0 when absent. */
export function tokens(usage: unknown, key: string): number {
  const n = field(usage, key);
  return typeof n === "number" && Number.isFinite(n) ? n : 0;
}
