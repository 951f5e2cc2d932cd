import { shannonEntropy } from "./entropy.js";
import type { Finding } from "./finding.js";

/**
 * The words of names that say their value is a secret: `password`,
 * `DB_PASS`, `client_secret`, `apiKey`, `AUTH_TOKEN`, `private-key`, …
 */
const SECRET_WORD =
  "(?:passw(?:or)?d|passphrase|pass|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth)";

/**
 * `name = value`, `name: value`, `name => value`, `name := value`, `"name": "value"`
 * and `.env`'s `export NAME=value`: the value is group 1, quoted or bare.
 * It starts at the secret word, not at the name's first character (what
 * precedes the word in the name does not change the value): one attempt
 * per word found, not one per character of every identifier.
 */
const ASSIGNMENT = new RegExp(
  `${SECRET_WORD}[A-Za-z0-9_.-]*["']?\\s{0,4}(?::=|=>|=|:)\\s{0,4}(?:"([^"\\s]{8,200})"|'([^'\\s]{8,200})'|\`([^\`\\s]{8,200})\`|([^\\s"'\`,;)}\\]]{8,200}))`,
  "gi",
);

/** A text without this holds no assignment `findAssignedSecrets` looks at (no leading run: one scan). */
export const ASSIGNMENT_TRIGGER = new RegExp(`${SECRET_WORD}[A-Za-z0-9_.-]*["']?\\s{0,4}(?::=|=>|=|:)`, "i");

/** Generated secrets mix kinds of characters and score at least this many bits per character. */
export const MIN_ENTROPY_BITS = 3;

/** An identifier made of words: camelCase, PascalCase, snake_case or CONSTANT_CASE. */
const WORDS = /^(?:(?:[A-Za-z][a-z]+)+(?:[A-Z]{2,6})?|[a-z]+(?:_[a-z]+)+|[A-Z]+(?:_[A-Z]+)+)$/;

/** What a value that is code, not a secret, looks like. */
const CODE_LIKE = [
  // a member path or call: options.token, process.env.API_KEY, this.#secret, getToken()
  /^[A-Za-z_$#][\w$#]*(?:(?:\?\.|\.|::)[A-Za-z_$#][\w$#]*)+(?:\(.*)?$/,
  /[()<>{}[\]]/,
  // a type or a keyword
  /^(?:string|number|boolean|undefined|null|true|false|unknown|never|object|readonly|required|optional|none|redacted|secret|password|changeme|example)$/i,
  // a template or variable reference: ${TOKEN}, $TOKEN, %TOKEN%, {{ token }}
  /^\$\{|^\$[A-Z_]|^%[A-Z_]+%$|^\{\{/,
  WORDS,
  // a path or a URL without credentials
  /^(?:\.{0,2}\/|[a-z]+:\/\/[^@]*$)/,
];

/** How many of lower case, upper case, digits and other characters a value holds. */
function classes(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
}

/** True when a value assigned to a secret's name looks generated rather than written as code. */
export function looksSecret(value: string): boolean {
  if (CODE_LIKE.some((pattern) => pattern.test(value))) return false;
  // A word identifier behind a sigil or in punctuation (`?InterpolationInJSX`, `#privateName`) is code too.
  const core = value.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "");
  if (core !== value && WORDS.test(core)) return false;
  if (/^(.)\1+$/.test(value)) return false;
  return classes(value) >= 2 && shannonEntropy(value) >= MIN_ENTROPY_BITS;
}

/**
 * Values assigned to names that say they are secrets (`password=…`,
 * `secret: …`, `.env` lines such as `DB_PASSWORD=…`), kept only when the
 * value passes the entropy check (`looksSecret`): `password: string` and
 * `token = options.token` stay.
 */
export function findAssignedSecrets(text: string): Finding[] {
  const found: Finding[] = [];
  ASSIGNMENT.lastIndex = 0;
  for (const match of text.matchAll(ASSIGNMENT)) {
    const value = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (value === undefined || !looksSecret(value)) continue;
    const end = (match.index ?? 0) + match[0].length;
    const start = end - value.length - (match[4] === undefined ? 1 : 0);
    found.push({ start, end: match[4] === undefined ? end - 1 : end, name: "assigned-secret" });
  }
  return found;
}
