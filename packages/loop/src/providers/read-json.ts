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

/** A nested token count (`usage.prompt_tokens_details.cached_tokens`), 0 when absent. */
export function nestedTokens(usage: unknown, key: string, inner: string): number {
  return tokens(field(usage, key), inner);
}

/** Parses one stream event's JSON data; throws naming the event when it is not JSON. */
export function eventJson(data: string, what: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new TypeError(`a ${what} stream event is not JSON: ${data.slice(0, 120)}`);
  }
}
