/**
 * A one-line description of anything thrown; never throws. An Error gives its
 * `message`; any other value its string form. A message getter, a `toString`
 * or `Symbol.toPrimitive` that throws, a revoked proxy: each falls back to a
 * plainer description instead of throwing again.
 *
 * @example errorMessage(new Error("disk full")) // "disk full"
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) {
      const message: unknown = error.message;
      if (typeof message === "string") return message;
    }
  } catch {
    // A throwing getter or proxy trap: describe the value another way.
  }
  try {
    const text: unknown = String(error);
    if (typeof text === "string") return text;
  } catch {
    // A throwing toString or Symbol.toPrimitive.
  }
  try {
    return Object.prototype.toString.call(error);
  } catch {
    // A revoked proxy refuses even that.
    return "a thrown value that cannot be described";
  }
}
