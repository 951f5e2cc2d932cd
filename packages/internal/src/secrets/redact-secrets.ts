import { ASSIGNMENT_TRIGGER, findAssignedSecrets } from "./assigned-secrets.js";
import { encodedSegments, mayHoldEncoded } from "./encoded-segments.js";
import type { Finding } from "./finding.js";
import { mayHoldPlainSecret } from "./plain-trigger.js";
import { findRuleSetSecrets, ruleSetMayMatch } from "./rule-set.js";
import { SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";

/**
 * What a text must hold for each built-in pattern to match, by name, so
 * that a pattern runs only on texts it could match (a URL in a comment then
 * runs `url-password` alone, not every pattern).
 */
const PATTERN_ANCHORS = new Map<string, RegExp>([
  ["private-key", /PRIVATE KEY/],
  ["anthropic-key", /sk-ant-/],
  ["openai-key", /sk-/],
  ["aws-access-key-id", /AKIA|ASIA|ABIA|ACCA/],
  ["aws-secret-access-key", /secret_?access_?key/i],
  ["aws-session-token", /(?:session|security)[_-]?token/i],
  ["github-token", /gh[pousr]_|github_pat_/],
  ["slack-token", /xox/],
  ["google-api-key", /AIza/],
  ["stripe-key", /[sr]k_/],
  ["sendgrid-key", /SG\./],
  ["telegram-bot-token", /[0-9]:AA/],
  ["age-secret-key", /AGE-SECRET-KEY-1/],
  ["azure-storage-key", /AccountKey=/],
  ["azure-client-secret", /[0-9]Q~/],
  ["jwt", /eyJ/],
  ["bearer-token", /bearer/i],
  ["url-password", /:\/\//],
]);

/** Built-in patterns without an anchor: they run on every text that reaches the full scan (none today). */
export const UNANCHORED_PATTERNS: readonly string[] = Object.freeze(
  SECRET_PATTERNS.map((p) => p.name).filter((name) => !PATTERN_ANCHORS.has(name)),
);

/** The built-in patterns that could match `text` (a pattern without an anchor always could). */
function patternsFor(text: string): SecretPattern[] {
  return SECRET_PATTERNS.filter((p) => PATTERN_ANCHORS.get(p.name)?.test(text) ?? true);
}

const BUILTINS: ReadonlySet<SecretPattern> = new Set(SECRET_PATTERNS);
const NO_PATTERNS: readonly SecretPattern[] = Object.freeze([]);

/** What `redactSecrets` removed. */
export interface RedactedText {
  /** The text with every secret replaced by `[REDACTED:<name>]`. */
  readonly text: string;
  /** How many secrets were replaced. */
  readonly count: number;
}

function patternFindings(text: string, patterns: readonly SecretPattern[]): Finding[] {
  const found: Finding[] = [];
  for (const { name, pattern } of patterns) {
    // matchAll needs the `g` flag; a caller's pattern without it still finds every match.
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const secret = match.indices?.groups?.secret;
      const [start, end] = secret ?? [match.index ?? 0, (match.index ?? 0) + match[0].length];
      if (end > start) found.push({ start, end, name });
    }
  }
  return found;
}

/**
 * What the built-in detection finds in `text` as written, not decoding it.
 * Each part runs only when its trigger matches: most texts need a few
 * scans, not one per rule.
 */
function plainFindings(text: string): Finding[] {
  const found = patternFindings(text, patternsFor(text));
  if (ruleSetMayMatch(text)) found.push(...findRuleSetSecrets(text));
  if (ASSIGNMENT_TRIGGER.test(text)) found.push(...findAssignedSecrets(text));
  return found;
}

/**
 * Every secret the built-in detection finds: the built-in patterns, the
 * rule set, secret assignments that pass the entropy check, and runs of
 * base64, percent-encoding or JSON escapes whose decoded text holds one of
 * those (the whole run is the finding, named `<encoding>-<kind>`, e.g. `base64-github-token`).
 */
export function findSecrets(text: string): Finding[] {
  const found = plainFindings(text);
  if (!mayHoldEncoded(text)) return found;
  for (const segment of encodedSegments(text)) {
    const inner = plainFindings(segment.decoded)[0];
    if (inner)
      found.push({ start: segment.start, end: segment.end, name: `${segment.encoding}-${inner.name}` });
  }
  return found;
}

/** The findings merged where they overlap (the earliest, then the longest, names the union), in text order. */
export function mergeFindings(findings: readonly Finding[]): Finding[] {
  const sorted = findings
    .map((f, i) => ({ ...f, i }))
    .sort((a, b) => a.start - b.start || b.end - a.end || a.i - b.i);
  const merged: Finding[] = [];
  for (const { start, end, name } of sorted) {
    const last = merged[merged.length - 1];
    if (last && start < last.end) {
      if (end > last.end) merged[merged.length - 1] = { ...last, end };
      continue;
    }
    merged.push({ start, end, name });
  }
  return merged;
}

function replaceFindings(text: string, findings: readonly Finding[]): string {
  let out = "";
  let at = 0;
  for (const { start, end, name } of findings) {
    out += `${text.slice(at, start)}[REDACTED:${name}]`;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * Replaces every secret with `[REDACTED:<name>]`. With the built-in
 * patterns in `patterns` (the default), that is everything `findSecrets`
 * finds; the other patterns are applied after, one by one, each replacing
 * its whole match or its `secret` group. Pure.
 *
 * @example
 * redactSecrets("key=AKIAABCDEFGHIJKLMNOP").text; // "key=[REDACTED:aws-access-key-id]"
 */
export function redactSecrets(
  text: string,
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): RedactedText {
  const everyBuiltin = patterns === SECRET_PATTERNS;
  const builtins = everyBuiltin || patterns.some((entry) => BUILTINS.has(entry));
  const others = everyBuiltin ? NO_PATTERNS : patterns.filter((entry) => !BUILTINS.has(entry));
  let count = 0;
  let out = text;
  // The common case (most texts, and every short name) ends at the first two scans.
  if (builtins && (mayHoldPlainSecret(text) || mayHoldEncoded(text))) {
    const findings = mergeFindings(findSecrets(text));
    count = findings.length;
    if (count > 0) out = replaceFindings(text, findings);
  }
  // Each further pattern sees what the ones before left, as a chain of replacements would.
  for (const entry of others) {
    const findings = mergeFindings(patternFindings(out, [entry]));
    count += findings.length;
    if (findings.length > 0) out = replaceFindings(out, findings);
  }
  return { text: out, count };
}
