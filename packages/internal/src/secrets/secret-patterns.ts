/** A named pattern for one kind of secret. */
export interface SecretPattern {
  /** Shown in the replacement, e.g. `[REDACTED:github-token]`. */
  readonly name: string;
  /** What to remove; the whole match is replaced. */
  readonly pattern: RegExp;
}

// Left boundaries keep identifiers such as `task-...` from being taken for keys.
const B = "(?<![A-Za-z0-9_-])";

/**
 * The built-in secret patterns, in the order they are applied: API keys of
 * OpenAI, Anthropic, AWS, GitHub, Slack, Google and Stripe, JWTs, bearer
 * tokens and PEM private keys.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = Object.freeze([
  {
    name: "private-key",
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[\s\S]*$)/g,
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
    pattern: /(?<=aws_secret_access_key["']?\s*[:=]\s*["']?)[A-Za-z0-9/+]{40}[A-Za-z0-9/+=]*/gi,
  },
  {
    name: "github-token",
    pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
  },
  { name: "slack-token", pattern: new RegExp(`${B}xox[abposre]-[A-Za-z0-9-]{10,}`, "g") },
  { name: "google-api-key", pattern: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}`, "g") },
  { name: "stripe-key", pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  {
    name: "jwt",
    pattern: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, "g"),
  },
  // A token after "Bearer" holding at least one digit, so prose such as "bearer responsibilities" stays.
  { name: "bearer-token", pattern: /(?<=\bbearer\s+)(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{16,}=*/gi },
]);

/**
 * Text without any of these can hold none of the built-in secrets, so most
 * outputs are checked with one scan instead of one per pattern.
 */
const BUILTIN_TRIGGER =
  /sk-|[sr]k_|A[KSBC][IC]A|gh[pousr]_|github_pat_|xox|AIza|eyJ|bearer|aws_secret|PRIVATE KEY/i;

const BUILTINS: ReadonlySet<SecretPattern> = new Set(SECRET_PATTERNS);

/** What `redactSecrets` removed. */
export interface RedactedText {
  /** The text with every secret replaced by `[REDACTED:<name>]`. */
  readonly text: string;
  /** How many secrets were replaced. */
  readonly count: number;
}

/**
 * Replaces every match of the patterns (the built-ins by default) with
 * `[REDACTED:<name>]`. Pure.
 *
 * @example
 * redactSecrets("key=AKIAABCDEFGHIJKLMNOP").text; // "key=[REDACTED:aws-access-key-id]"
 */
export function redactSecrets(
  text: string,
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): RedactedText {
  let count = 0;
  let out = text;
  const skipBuiltins = !BUILTIN_TRIGGER.test(text);
  // The common case (most texts, and every short name) ends here.
  if (skipBuiltins && patterns === SECRET_PATTERNS) return { text, count: 0 };
  for (const entry of patterns) {
    if (skipBuiltins && BUILTINS.has(entry)) continue;
    const { name, pattern } = entry;
    pattern.lastIndex = 0;
    if (!pattern.test(out)) continue;
    pattern.lastIndex = 0;
    out = out.replace(pattern, () => {
      count++;
      return `[REDACTED:${name}]`;
    });
  }
  return { text: out, count };
}
