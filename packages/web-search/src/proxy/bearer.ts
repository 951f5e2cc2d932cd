import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The index of the token an `Authorization: Bearer <token>` header carries,
 * or -1. Every token's digest is compared in constant time, and all of them
 * are compared whatever matches, so neither a token's length, its prefix nor
 * which token matched leaks through timing.
 */
export function matchBearer(header: string | undefined, tokens: readonly string[]): number {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const given = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  let found = -1;
  tokens.forEach((token, i) => {
    const expected = createHash("sha256").update(token).digest();
    if (timingSafeEqual(given, expected) && match?.[1] && found === -1) found = i;
  });
  return found;
}
