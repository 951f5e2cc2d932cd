/**
 * Parses a `Retry-After` header: a number of seconds (`"120"`) or an HTTP date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`, waited from `nowMs`). Returns the wait in
 * milliseconds (0 for a date in the past), or `undefined` when the header is
 * absent or malformed.
 */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only dates carry letters; a bare or signed number that is not all digits is malformed.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
