/**
 * The wait a `Retry-After` header asks for, in milliseconds: delta seconds
 * or an HTTP date (relative to `nowMs`). `undefined` when absent or unreadable.
 */
export function retryAfterMs({
  header,
  nowMs,
}: {
  header: string | null;
  nowMs: number;
}): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
