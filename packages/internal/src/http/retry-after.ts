/**
 * The wait a `Retry-After` header asks for, in milliseconds, or `undefined`
 * when the header is absent or unreadable (the caller then uses its own
 * backoff).
 *
 * - Delay seconds: `"120"`; a decimal such as `"1.5"` is read as 1,500 ms
 *   (RFC 9110 allows only digits, but servers send decimals and their
 *   intent is plain). Signs, exponents and other numbers are unreadable.
 * - An HTTP date (`"Wed, 21 Oct 2026 07:28:00 GMT"`), waited from `nowMs`;
 *   a date in the past is 0.
 */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only dates carry letters: "-1", "1e3" or "0x10" are not dates that Date.parse may guess at.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
