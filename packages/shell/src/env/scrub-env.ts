import { isSecretName, nameWords } from "./secret-name.js";
import { isSecretValue } from "./secret-value.js";

export { isSecretName } from "./secret-name.js";
export { isSecretValue } from "./secret-value.js";

/** Variables every command gets so that nothing waits for a pager, an editor or a password prompt. */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = Object.freeze({
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  GIT_EDITOR: "true",
});

/** Last words of names that hold identifiers, where a hexadecimal value is a commit or an id, not a key. */
const ID_WORDS = new Set([
  "SHA",
  "SHA1",
  "SHA256",
  "COMMIT",
  "REV",
  "REVISION",
  "HASH",
  "DIGEST",
  "ID",
  "UUID",
  "GUID",
]);
const HEX_ID = /^[0-9a-fA-F-]+$/;

/**
 * True when a variable holds a secret, judged by its name (`isSecretName`)
 * and by its value (`isSecretValue`): `DATABASE_URL=postgres://u:pw@db` and
 * `BUILD_FLAG=ghp_…` are secrets, `DATABASE_URL=postgres://db/app` is not.
 * A hexadecimal value under a name ending in `SHA`, `COMMIT`, `ID`, `UUID`,
 * ... (`GITHUB_SHA`, `INVOCATION_ID`) is an identifier and stays.
 *
 * @example
 * isSecretVariable("REDIS_URL", "redis://:hunter2@cache:6379"); // true
 * isSecretVariable("NODE_ENV", "production"); // false
 */
export function isSecretVariable(name: string, value: string): boolean {
  if (isSecretName(name)) return true;
  if (HEX_ID.test(value) && ID_WORDS.has(nameWords(name).at(-1) ?? "")) return false;
  return isSecretValue(value);
}

/** Options for `scrubEnv`. */
export interface ScrubEnvOptions {
  /** The environment to start from. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Names kept even though they or their values look like secrets: exact
   * names, or prefixes ending in `*` (`"MYAPP_*"`). @default []
   */
  allow?: readonly string[];
}

/**
 * The environment a command runs with: the given one minus every variable
 * whose name or value looks like a secret (unless allowed), plus
 * `NON_INTERACTIVE_ENV`. Pure.
 *
 * @example
 * scrubEnv({ env: { PATH: "/bin", GITHUB_TOKEN: "x" } }); // { PATH: "/bin", PAGER: "cat", ... }
 */
export function scrubEnv({ env = process.env, allow = [] }: ScrubEnvOptions = {}): Record<string, string> {
  const allowed = allowList(allow);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!allowed(name) && secretVerdict(name, value)) continue;
    out[name] = value;
  }
  return Object.assign(out, NON_INTERACTIVE_ENV);
}

/**
 * `isSecretVariable` verdicts by name and value. The verdict is a pure
 * function of the pair, so a changed value is a new key and is judged
 * afresh; every command of a process sees mostly the same environment.
 */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 4096;

function secretVerdict(name: string, value: string): boolean {
  const key = `${name}\0${value}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = isSecretVariable(name, value);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict;
}

function allowList(allow: readonly string[]): (name: string) => boolean {
  const exact = new Set(allow.filter((entry) => !entry.endsWith("*")));
  const prefixes = allow.filter((entry) => entry.endsWith("*")).map((entry) => entry.slice(0, -1));
  return (name) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}
