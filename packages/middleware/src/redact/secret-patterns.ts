// The secret patterns are shared with the other packages that must never
// store or show a key (memory, web-search, shell); they live once, in the
// private @toolkit/internal package bundled into each of them.
export {
  type RedactedText,
  redactSecrets,
  SECRET_PATTERNS,
  type SecretPattern,
} from "@toolkit/internal/secrets";
