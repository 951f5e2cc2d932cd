// The secret detection, on its own subpath (`@toolkit/internal/secrets`):
// it bundles secretlint's rule set, which the packages that only need
// `redactValues` or the schema helpers must not carry.
export { type RedactedText, redactSecrets } from "./redact-secrets.js";
export { SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";
