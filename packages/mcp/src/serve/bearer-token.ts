import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh bearer token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * True when an `Authorization` header is `Bearer <token>` for this token.
 * SHA-256 digests are compared in constant time, so neither the token's
 * length nor a matching prefix shows in the timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header === undefined ? undefined : /^Bearer +(\S+)$/i.exec(header)?.[1];
  const a = createHash("sha256")
    .update(given ?? "")
    .digest();
  const b = createHash("sha256").update(token).digest();
  return timingSafeEqual(a, b) && given !== undefined;
}
