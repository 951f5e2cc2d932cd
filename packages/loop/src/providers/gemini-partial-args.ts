import type { JsonValue } from "@toolkit/core";

type Segment = string | number;

/**
 * The arguments of one Gemini function call streamed in pieces: the first
 * `functionCall` part names the call, later parts carry only `partialArgs`
 * (`{ jsonPath, stringValue | numberValue | boolValue | nullValue,
 * willContinue }`) and the call's own `willContinue` until the last one. A
 * string value whose entry said `willContinue: true` goes on in the next
 * entry for the same path.
 */
export class PartialArgs {
  readonly #args: { [key: string]: JsonValue };
  /** The path whose string value is still growing, if any. */
  #continuing: string | undefined;

  constructor(args: unknown) {
    this.#args = isObject(args) ? structuredClone(args) : {};
  }

  /** Applies one part's `partialArgs` list; a malformed entry throws a TypeError naming it. */
  apply(partials: unknown, where: string): void {
    if (partials === undefined) return;
    if (!Array.isArray(partials)) throw new TypeError(`${where}.partialArgs must be a list`);
    for (const [i, entry] of partials.entries()) {
      const at = `${where}.partialArgs[${i}]`;
      if (!isObject(entry) || typeof entry.jsonPath !== "string")
        throw new TypeError(`${at} has no jsonPath`);
      const path = parseJsonPath(entry.jsonPath, at);
      const value = partialValue(entry, at);
      const append = typeof value === "string" && this.#continuing === entry.jsonPath;
      setAt(this.#args, path, value, append);
      this.#continuing = entry.willContinue === true ? entry.jsonPath : undefined;
    }
  }

  /** The arguments assembled so far. */
  get args(): { [key: string]: JsonValue } {
    return this.#args;
  }
}

function partialValue(entry: { [key: string]: unknown }, at: string): JsonValue {
  if (typeof entry.stringValue === "string") return entry.stringValue;
  if (typeof entry.numberValue === "number") return entry.numberValue;
  if (typeof entry.boolValue === "boolean") return entry.boolValue;
  if ("nullValue" in entry) return null;
  throw new TypeError(`${at} has no stringValue, numberValue, boolValue or nullValue`);
}

/**
 * An RFC 9535 path of names and indexes (`$.a.b[0]`, `$['a b']`); anything
 * else (wildcards, filters, slices) cannot name one place and is refused.
 */
export function parseJsonPath(path: string, at = "jsonPath"): Segment[] {
  if (!path.startsWith("$")) throw new TypeError(`${at}: ${JSON.stringify(path)} does not start with $`);
  const segments: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    const dot = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(path.slice(i));
    const index = /^\[(\d+)\]/.exec(path.slice(i));
    const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(path.slice(i));
    if (dot?.[1] !== undefined) {
      segments.push(dot[1]);
      i += dot[0].length;
    } else if (index?.[1] !== undefined) {
      segments.push(Number(index[1]));
      i += index[0].length;
    } else if (quoted) {
      segments.push((quoted[1] ?? quoted[2] ?? "").replace(/\\(.)/g, "$1"));
      i += quoted[0].length;
    } else {
      throw new TypeError(`${at}: cannot read ${JSON.stringify(path)} from ${JSON.stringify(path.slice(i))}`);
    }
  }
  if (segments.length === 0) throw new TypeError(`${at}: ${JSON.stringify(path)} names no argument`);
  return segments;
}

function setAt(root: { [key: string]: JsonValue }, path: Segment[], value: JsonValue, append: boolean): void {
  let node: JsonValue = root;
  for (const [depth, segment] of path.entries()) {
    const last = depth === path.length - 1;
    const next = path[depth + 1];
    const container = node as { [key: string]: JsonValue } | JsonValue[];
    // Own properties only: an inherited `__proto__` or `constructor` is not an argument.
    const current = Object.hasOwn(container, segment)
      ? (container as Record<string | number, JsonValue | undefined>)[segment]
      : undefined;
    if (last) {
      const joined = append && typeof current === "string" ? current + (value as string) : value;
      define(container, segment, joined);
      return;
    }
    if (current === null || typeof current !== "object") {
      const made: JsonValue = typeof next === "number" ? [] : {};
      define(container, segment, made);
      node = made;
    } else {
      node = current;
    }
  }
}

/** Sets an own data property, so a key such as `__proto__` stays a key, as JSON.parse would make it. */
function define(container: object, key: Segment, value: JsonValue): void {
  Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}

function isObject(value: unknown): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
