/** What a SearchConfigError says. */
export interface SearchConfigErrorFields {
  /** The function or class whose options are wrong, e.g. `GoogleCse`. */
  owner: string;
  /** The option, e.g. `retry.attempts`. */
  field: string;
  /** What the option must be. */
  expected: string;
  /** A short description of what arrived (never a secret's value). */
  received: string;
  /** The next step, one sentence. */
  fix?: string | undefined;
}

/**
 * A programmer error in the options of a provider, the proxy or a tool:
 * thrown at construction time, naming the field, what was expected and what
 * arrived. Never contains the value of a secret field.
 */
export class SearchConfigError extends TypeError {
  override readonly name = "SearchConfigError";
  /** The option, e.g. `retry.attempts`. */
  readonly field: string;
  /** What the option must be. */
  readonly expected: string;
  /** A short description of what arrived. */
  readonly received: string;

  constructor({ owner, field, expected, received, fix }: SearchConfigErrorFields) {
    super(`${owner}: \`${field}\` must be ${expected}, got ${received}.${fix ? ` ${fix}` : ""}`);
    this.field = field;
    this.expected = expected;
    this.received = received;
  }
}

/** Describes a value for an error message, hiding the contents of secrets. */
export function describeValue(value: unknown, { secret = false }: { secret?: boolean } = {}): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") {
    if (secret) return value === "" ? "an empty string" : `a string of ${value.length} characters`;
    const text = JSON.stringify(value);
    return `string (${text.length > 60 ? `${text.slice(0, 57)}...` : text})`;
  }
  if (typeof value === "number") return `number (${value})`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === "object" ? "an object" : typeof value;
}
