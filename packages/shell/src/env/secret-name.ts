/**
 * Words that mark a secret wherever they appear in a name, once separators
 * are dropped (`GITHUB_TOKEN`, `DBPASSWORD`, `OPENAI_APIKEY`, `KUBECONFIG`).
 */
const SECRET_FRAGMENTS = [
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "CREDENTIAL",
  "PRIVATE",
  "APIKEY",
  "BEARER",
  "JWT",
  "NETRC",
  "KUBECONFIG",
  "COOKIE",
  "WEBHOOK",
  "AUTHORIZATION",
  "AUTHENTICATION",
];

/**
 * Whole words (a name is split on `_`, `-`, `.` and camelCase) that mark a
 * secret: `AWS_ACCESS_KEY_ID`, `MYSQL_PWD`, `GH_PAT`, `STRIPE_SK`, `SENTRY_DSN`.
 */
const SECRET_WORDS = new Set([
  "KEY",
  "KEYS",
  "AUTH",
  "AUTHN",
  "AUTHZ",
  "PASS",
  "PWD",
  "CREDS",
  "SIGNATURE",
  "SIG",
  "DSN",
  "PAT",
  "SK",
  "SALT",
  "TOTP",
]);

/** Ordinary words that end in KEY (a word ending in KEY is otherwise a key: `MASTERKEY`, `OPENAIKEY`). */
const KEY_WORDS = new Set(["MONKEY", "DONKEY", "TURKEY", "HOCKEY", "JOCKEY", "WHISKEY", "HOTKEY", "KEY"]);

/** Names kept whatever their words say: directories, desktop session names, library switches. */
const ORDINARY_NAMES = new Set(["PWD", "OLDPWD", "DESKTOP_SESSION", "GDMSESSION", "TOKENIZERS_PARALLELISM"]);

/** The words of a name, upper case: `slackApiKey` → SLACK, API, KEY; `GH_PAT` → GH, PAT. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * True when an environment variable's name says it holds a secret. Judged
 * by words, not substrings: `GIT_AUTHOR_NAME`, `KEYBOARD_LAYOUT`, `PATH`
 * and `XDG_SESSION_ID` are ordinary; `SESSION` as the last word, or a word
 * ending in `KEY`, is a secret.
 *
 * @example
 * isSecretName("GH_PAT"); // true
 * isSecretName("GIT_AUTHOR_NAME"); // false
 */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (ORDINARY_NAMES.has(upper)) return false;
  const words = nameWords(name);
  const joined = words.join("");
  if (SECRET_FRAGMENTS.some((fragment) => joined.includes(fragment))) return true;
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (words.some((word) => word.length > 3 && word.endsWith("KEY") && !KEY_WORDS.has(word))) return true;
  return words.at(-1) === "SESSION" || words.at(-1) === "SESSIONID" || words.includes("SESSIONKEY");
}
