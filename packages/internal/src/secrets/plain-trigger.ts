/**
 * The fast path of the built-in detection: true when `text` may hold a
 * secret in plain sight, false only when no built-in pattern, rule or
 * secret assignment can match it. A handful of small scans: the literals
 * the patterns and the rule set's rules start with, bucketed by the
 * punctuation they hold (most texts lack `_`, `~` or `://` and skip whole
 * buckets), and the names of secret assignments followed by `=` or `:`.
 * Keep it a superset of `SECRET_PATTERNS`, the rule set's anchors and
 * `ASSIGNMENT_TRIGGER` (the corpus test checks every kind through it).
 */
export function mayHoldPlainSecret(text: string): boolean {
  if (LETTERS.test(text) || WORDS.test(text)) return true;
  if (text.includes("_") && UNDERSCORE.test(text)) return true;
  if (text.includes("-") && DASH.test(text)) return true;
  if (text.includes(".") && DOT.test(text)) return true;
  if (text.includes(":") && COLON.test(text)) return true;
  if (text.includes("~") && /[0-9]Q~/.test(text)) return true;
  return text.includes("AccountKey=");
}

/** Literals of letters only, factored by their first letter. */
const LETTERS = /A(?:[KSBC][IC]A|3T|GPA|IDA|ROA|IPA|NPA|NVA|Iza)|xo[xa]|xapp|eyJ|shp|dapi|PRIVATE KEY/;
/** A bearer token, or a secret's name given a value. */
const WORDS =
  /bearer\s|(?:secret|token|pass|pwd|auth|key|credential|account)[a-z0-9_.-]*["']?\s{0,4}(?::=|=>|=|:)/i;
const UNDERSCORE =
  /[sr]k_|gh[pousr]_|github_pat_|npm_|_authToken|gl(?:c|sa)_|gsk_|hf_|lin_api_|ntn_|ops_|vc[pikar]_|dckr_pat_|figd_|cf(?:k|ut|at)_/;
const DASH = /sk-|glpat-|tskey-|AGE-SECRET-KEY-1|x-oauth-basic/;
const DOT = /SG\.|hv[sbr]\.|hooks\.slack/i;
const COLON = /[0-9]:AA|:\/\//;
