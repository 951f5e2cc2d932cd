/** A named pattern for one kind of secret. */
export interface SecretPattern {
  /** Shown in the replacement, e.g. `[REDACTED:github-token]`. */
  readonly name: string;
  /**
   * What to remove: the whole match, or only its group named `secret` when
   * it has one (compiled with the `d` flag, so that its place is known),
   * e.g. the value after `aws_secret_access_key = `.
   */
  readonly pattern: RegExp;
}

// Left boundaries keep identifiers such as `task-...` from being taken for keys.
const B = "(?<![A-Za-z0-9_-])";

/**
 * The built-in secret patterns, in the order they are applied: PEM and PGP
 * private keys, API keys of OpenAI, Anthropic, AWS (key ids, secret access
 * keys and session tokens, as in `aws sts` output), GitHub, Slack, Google,
 * Stripe, SendGrid, Telegram bots, age and Azure, JWTs, bearer tokens and passwords in
 * URLs. They hold the kinds secretlint's recommended preset (the rule set
 * `redactSecrets` runs beside them) does not find, and the names earlier
 * versions used.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = Object.freeze([
  {
    name: "private-key",
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*$)/g,
  },
  { name: "anthropic-key", pattern: new RegExp(`${B}sk-ant-[A-Za-z0-9]+-[A-Za-z0-9_-]{20,}`, "g") },
  { name: "openai-key", pattern: new RegExp(`${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}`, "g") },
  { name: "openai-key", pattern: new RegExp(`${B}sk-[A-Za-z0-9]{32,}`, "g") },
  {
    name: "aws-access-key-id",
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  },
  {
    name: "aws-secret-access-key",
    pattern: /secret_?access_?key["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])=*)/dgi,
  },
  {
    name: "aws-session-token",
    pattern: /(?:session|security)[_-]?token["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9/+]{100,}=*)/dgi,
  },
  {
    name: "github-token",
    pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
  },
  { name: "slack-token", pattern: new RegExp(`${B}xox[abposre]-[A-Za-z0-9-]{10,}`, "g") },
  // Glued to punctuation too (`-AIza…`, `_AIza…`): only a letter or digit before it makes it part of a word.
  { name: "google-api-key", pattern: /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/g },
  { name: "stripe-key", pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  // secretlint's rule takes only word characters before the second dot; the key's alphabet is base64url.
  {
    name: "sendgrid-key",
    pattern: /(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  },
  { name: "telegram-bot-token", pattern: /(?<![0-9])[0-9]{8,10}:AA[0-9A-Za-z_-]{33}(?![0-9A-Za-z_-])/g },
  { name: "age-secret-key", pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g },
  { name: "azure-storage-key", pattern: /AccountKey=(?<secret>[A-Za-z0-9+/]{86}==)/dg },
  {
    name: "azure-client-secret",
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
  },
  {
    name: "jwt",
    pattern: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, "g"),
  },
  // A token after "Bearer" holding at least one digit, so prose such as "bearer responsibilities" stays.
  {
    name: "bearer-token",
    pattern: /\bbearer\s+(?<secret>(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{16,}=*)/dgi,
  },
  // The password of `scheme://user:password@host`, unless it is a placeholder word.
  {
    name: "url-password",
    pattern:
      /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:(?<secret>(?!(?:pass(?:word)?|passwd|pwd|secret|x+|\*+|<[^>]*>)@)[^\s@/]{3,})(?=@)/dgi,
  },
]);
