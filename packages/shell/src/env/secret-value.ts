/**
 * Prefixes of well-known credentials, each followed by enough token
 * characters to be a real key: OpenAI and Anthropic (`sk-`, `sk-ant-`),
 * GitHub (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), Slack
 * (`xoxb-`, `xoxa-`, `xoxp-`, ...), AWS access key ids (`AKIA`, `ASIA`),
 * Google API keys (`AIza`), GitLab (`glpat-`), npm (`npm_`), Stripe
 * (`sk_live_`, `rk_live_`, test keys too), Hugging Face (`hf_`), SendGrid
 * (`SG.`), age (`AGE-SECRET-KEY-`).
 */
const KNOWN_KEYS = new RegExp(
  [
    "sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}",
    "gh[pousr]_[A-Za-z0-9]{20,}",
    "github_pat_[A-Za-z0-9_]{20,}",
    "xox[abposr]-[A-Za-z0-9-]{10,}",
    "(?:AKIA|ASIA)[A-Z0-9]{16}",
    "AIza[A-Za-z0-9_-]{30,}",
    "glpat-[A-Za-z0-9_-]{16,}",
    "npm_[A-Za-z0-9]{30,}",
    "[sr]k_(?:live|test)_[A-Za-z0-9]{16,}",
    "hf_[A-Za-z0-9]{30,}",
    "SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}",
    "AGE-SECRET-KEY-[A-Z0-9]{20,}",
    "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*",
  ]
    .map((source) => `(?:${source})`)
    .join("|"),
);
/** A known key must start a word: `task-sk-…` is not an OpenAI key, `key=sk-…` is. */
const KNOWN_KEY = new RegExp(`(?:^|[^A-Za-z0-9])(?:${KNOWN_KEYS.source})`);

/** A PEM block (private keys, and certificates with them). */
const PEM = /-----BEGIN [A-Z0-9 ]+-----/;

/** `scheme://userinfo@`: the user info of a URL. */
const URL_USERINFO = /[A-Za-z][A-Za-z0-9+.-]*:\/\/([^\s/?#@]+)@/g;

/** A URL: scheme, authority, then a path, query and fragment. */
const URL_PATTERN = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s]+/g;

/** Query parameters whose names say they carry a credential (`?token=`, `&X-Amz-Signature=`). */
const SECRET_QUERY =
  /[?&;][^=&#\s]*(?:token|key|secret|passw|pwd|sig|signature|auth|credential|session|jwt)[^=&#\s]*=[^&#\s]/i;

/** Characters of a token; anything else (spaces, `:`, `;`, `,`) separates pieces of a value. */
const PIECES = /[^A-Za-z0-9+/_=.~-]+/;

/** Alphanumeric characters a piece needs before its randomness is judged. */
const MIN_TOKEN_CHARS = 20;

/**
 * True when a value is, or holds, a credential: a known key prefix, a JWT,
 * a PEM block, a URL with a password (`postgres://u:p@db`) or a token in its
 * user info, path or query, or a long high-entropy token. Paths and
 * ordinary words never count (`/usr/bin:/bin`, `en_US.UTF-8`, `production`).
 *
 * @example
 * isSecretValue("postgres://app:hunter2@db:5432/app"); // true
 * isSecretValue("/usr/local/bin:/usr/bin"); // false
 */
export function isSecretValue(value: string): boolean {
  if (value.length < 8) return false;
  if (KNOWN_KEY.test(value) || PEM.test(value)) return true;
  if (hasUrlSecret(value)) return true;
  return value.split(PIECES).some((piece) => isRandomToken(lastAssigned(piece)));
}

function hasUrlSecret(value: string): boolean {
  for (const [, userinfo = ""] of value.matchAll(URL_USERINFO)) {
    const colon = userinfo.indexOf(":");
    if (colon >= 0 && colon < userinfo.length - 1) return true;
    if (isRandomToken(userinfo)) return true;
  }
  for (const [url] of value.matchAll(URL_PATTERN)) {
    if (SECRET_QUERY.test(url)) return true;
    const path = url.replace(/^[^:]+:\/\/[^/?#]*/, "");
    if (path.split(/[/?#&=]+/).some(isRandomToken)) return true;
  }
  return false;
}

/** `--token=abc` → `abc`; trailing `=` (base64 padding) is kept with the token. */
function lastAssigned(piece: string): string {
  const body = piece.replace(/=+$/, "");
  const at = body.lastIndexOf("=");
  return at >= 0 ? body.slice(at + 1) : piece;
}

/** A part of a compound value that reads as a word, a number or a short tag (`x64`, `v20`, `arm64v8`). */
const WORD = /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]+|\d+|[a-z0-9]{1,8})$/;
const HEX = /^(?:[0-9a-f]+|[0-9A-F]+)$/;

/**
 * True for a piece that looks generated rather than written: at least 20
 * letters and digits, not a path, not a compound of words and tags
 * (`linux-x64-v20`), Shannon entropy near that of random text of its length
 * and alphabet, and frequent switches between lower case, upper case and
 * digits (random text switches on about half its characters, words rarely).
 */
export function isRandomToken(piece: string): boolean {
  if (piece.startsWith("/") || piece.startsWith(".") || piece.startsWith("~")) return false;
  const alnum = piece.replace(/[^A-Za-z0-9]/g, "");
  if (alnum.length < MIN_TOKEN_CHARS) return false;
  if (piece.split(/[-_./+=~]+/).every((part) => part === "" || WORD.test(part))) return false;
  const hex = HEX.test(alnum);
  if (entropyPerChar(piece) < 0.7 * Math.log2(Math.min(piece.length, hex ? 16 : 64))) return false;
  let switches = 0;
  for (let i = 1; i < alnum.length; i++) {
    if (charClass(alnum.charCodeAt(i)) !== charClass(alnum.charCodeAt(i - 1))) switches++;
  }
  return switches / (alnum.length - 1) >= (hex ? 0.1 : 0.2);
}

function charClass(code: number): number {
  if (code >= 48 && code <= 57) return 0;
  return code >= 97 ? 1 : 2;
}

function entropyPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
