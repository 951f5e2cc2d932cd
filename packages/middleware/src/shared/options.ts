/** Throws a TypeError naming the layer, the option, what was expected and what arrived. */
export function badOption(layer: string, option: string, expected: string, value: unknown): TypeError {
  return new TypeError(`${layer}: \`${option}\` must be ${expected}, got ${show(value)}`);
}

/** A short, safe rendering of an option value for an error message. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
    return String(value);
  }
  if (typeof value === "function") return "a function";
  return Array.isArray(value) ? "an array" : typeof value;
}

/** Checks a positive finite number. */
export function positiveNumber(layer: string, option: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw badOption(layer, option, "a positive number", value);
  }
  return value;
}

/** Checks an integer at least `min`. */
export function integerAtLeast(layer: string, option: string, value: unknown, min: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw badOption(layer, option, `an integer >= ${min}`, value);
  }
  return value;
}

/** Checks an optional list of tool names and returns it as a set (undefined = every tool). */
export function toolNameSet(layer: string, option: string, value: unknown): ReadonlySet<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badOption(layer, option, "an array of tool names", value);
  value.forEach((name, i) => {
    if (typeof name !== "string" || name === "")
      throw badOption(layer, `${option}[${i}]`, "a tool name", name);
  });
  return new Set(value as string[]);
}
