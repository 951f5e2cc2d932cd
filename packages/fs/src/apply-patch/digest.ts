import { hashBytes } from "../tool/stale-guard.js";

/** SHA-256 digests (hex) already computed, by the byte array they are of. */
const known = new WeakMap<Uint8Array, string>();

/**
 * The SHA-256 (hex) of bytes that ApplyPatch read or made and never changes
 * afterwards: computed once however often it is asked for (the stale guard,
 * the journal and the guard's record after the commit all need it; a 45 MB
 * file hashes in tens of milliseconds).
 */
export function digestOf(bytes: Uint8Array): string {
  let hex = known.get(bytes);
  if (hex === undefined) {
    hex = hashBytes(bytes);
    known.set(bytes, hex);
  }
  return hex;
}

/** Remembers a digest computed elsewhere (by the stale guard's check of what was read). */
export function knowDigest(bytes: Uint8Array, hex: string): void {
  known.set(bytes, hex);
}
