/** What replaces a known secret value found in text. */
export const REDACTED_VALUE = "[redacted]";

/**
 * Below this length a value cannot be told from ordinary words, so it is
 * removed only where it stands alone (not inside a longer run of key
 * characters): a test key `k` must not eat the `k` of `chunk`.
 */
export const SHORT_SECRET_LENGTH = 8;

/** Characters that make up keys and identifiers; a short secret inside a run of them is a look-alike. */
const KEY_CHAR = "A-Za-z0-9_-";

/** The forms a secret takes in text: as written, percent-encoded and form-encoded. */
function formsOf(secret: string): string[] {
  return [
    ...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)]),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Removes known secret values (API keys, tokens a caller holds) from text,
 * in every form they take in a URL or a body: as written, percent-encoded
 * and form-encoded. A secret of at least `SHORT_SECRET_LENGTH` characters is
 * removed wherever it occurs; a shorter one only where it stands alone.
 * Empty secrets are ignored. Longer secrets are removed first, so a secret
 * that contains another leaves no part behind.
 */
export function redactValues(text: string, secrets: readonly string[]): string {
  let out = text;
  const ordered = [...new Set(secrets)]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    for (const form of formsOf(secret)) {
      if (secret.length >= SHORT_SECRET_LENGTH) {
        out = out.split(form).join(REDACTED_VALUE);
      } else {
        const alone = new RegExp(`(?<![${KEY_CHAR}])${escapeRegExp(form)}(?![${KEY_CHAR}])`, "g");
        out = out.replace(alone, REDACTED_VALUE);
      }
    }
  }
  return out;
}
