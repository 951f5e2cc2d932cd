/** What replaces a secret found in text. */
export const REDACTED = "[redacted]";

/**
 * Removes every occurrence of each secret (as written and URL-encoded) from
 * text. Secrets shorter than 4 characters are still removed; empty ones are
 * ignored.
 */
export function redactValues(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ k: secret }).toString().slice(2),
    ])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out;
}

/** @deprecated internal to @toolkit/web-search (it redacts its own keys); removed in 0.3 */
export const redactSecrets: (text: string, secrets: readonly string[]) => string = redactValues;
