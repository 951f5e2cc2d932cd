/**
 * A programmer error in WebFetch's options, thrown at construction: names
 * the option, what it must be and what arrived.
 */
export class WebFetchConfigError extends TypeError {
  override readonly name = "WebFetchConfigError";
  /** The option, e.g. `allowHosts[1]`. */
  readonly field: string;

  constructor(field: string, expected: string, value: unknown) {
    super(`WebFetch: \`${field}\` must be ${expected}, got ${describe(value)}.`);
    this.field = field;
  }
}

function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === "string")
    return `string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${value}`;
  return Array.isArray(value) ? `an array of ${value.length}` : typeof value;
}
