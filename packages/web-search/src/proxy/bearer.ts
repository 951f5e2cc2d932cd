import { createHash, timingSafeEqual } from "node:crypto";

/**
 * True when an `Authorization` header is `Bearer <token>` for this token.
 * Compares digests in constant time, so the token's length and prefix do
 * not leak through timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  const given = createHash("sha256").update(match[1]).digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected);
}
