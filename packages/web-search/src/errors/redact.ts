import { REDACTED_VALUE, redactValues as redactKnownValues } from "@toolkit/internal";

/** What replaces a secret found in text. */
export const REDACTED = REDACTED_VALUE;

/**
 * Removes every occurrence of each secret (as written, percent-encoded and
 * form-encoded) from text, with the rules every Toolkit package shares: a
 * secret of 8 characters or more is removed wherever it occurs, a shorter one
 * only where it stands alone (so a short test key cannot eat part of a word).
 * Empty secrets are ignored.
 */
export function redactValues(text: string, secrets: readonly string[]): string {
  return redactKnownValues(text, secrets);
}

/** @deprecated internal to @toolkit/web-search (it redacts its own keys); removed in 0.3 */
export const redactSecrets: (text: string, secrets: readonly string[]) => string = redactValues;
