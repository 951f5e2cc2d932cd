import { REDACTED_VALUE, redactValues } from "@toolkit/internal";

// One redactor for every package (see @toolkit/internal): a secret of 8
// characters or more is removed wherever it occurs, as written,
// percent-encoded or form-encoded; a shorter one only where it stands alone.
export { redactValues };

/** What replaces a secret found in text. */
export const REDACTED = REDACTED_VALUE;

/** @deprecated internal to @toolkit/web-search (it redacts its own keys); to be removed in 0.3 */
export const redactSecrets: (text: string, secrets: readonly string[]) => string = redactValues;
