/** Name fragments that mark a secret wherever they appear in the name (`GITHUB_TOKEN`, `DBPASSWORD`). */
const SECRET_FRAGMENTS = ["TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "PRIVATE", "APIKEY"];
/**
 * Name segments (split on `_`, `-`, `.`) that mark a secret (`AWS_ACCESS_KEY_ID`, `MYSQL_PWD`).
 * Paths that merely sound sensitive (`SSL_CERT_FILE`, `XDG_SESSION_ID`) are kept.
 */
const SECRET_SEGMENTS = new Set([
  "KEY",
  "KEYS",
  "AUTH",
  "PASS",
  "PWD",
  "CREDS",
  "COOKIE",
  "COOKIES",
  "SIGNATURE",
  "DSN",
]);

/** Variables every command gets so that nothing waits for a pager, an editor or a password prompt. */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = Object.freeze({
  PAGER: "cat",
  GIT_PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  GIT_EDITOR: "true",
});

/** True when an environment variable's name looks like it holds a secret. */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (SECRET_FRAGMENTS.some((fragment) => upper.includes(fragment))) return true;
  // PWD and OLDPWD are directories; MYSQL_PWD is a password.
  if (upper === "PWD" || upper === "OLDPWD") return false;
  return upper.split(/[_.-]/).some((segment) => SECRET_SEGMENTS.has(segment));
}

/** Options for `scrubEnv`. */
export interface ScrubEnvOptions {
  /** The environment to start from. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** Names kept even though they look like secrets. @default [] */
  allow?: readonly string[];
}

/**
 * The environment a command runs with: the given one minus variables whose
 * names look like secrets (unless allowed), plus `NON_INTERACTIVE_ENV`. Pure.
 *
 * @example
 * scrubEnv({ env: { PATH: "/bin", GITHUB_TOKEN: "x" } }); // { PATH: "/bin", PAGER: "cat", ... }
 */
export function scrubEnv({ env = process.env, allow = [] }: ScrubEnvOptions = {}): Record<string, string> {
  const allowed = new Set(allow);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (isSecretName(name) && !allowed.has(name)) continue;
    out[name] = value;
  }
  return Object.assign(out, NON_INTERACTIVE_ENV);
}
