/**
 * Configuration given to git in commands judged read-only, through
 * `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` (the same level
 * as `git -c`, above every configuration file): a repository's own
 * configuration cannot make `git status` or `git log` run a program.
 */
export const READ_ONLY_GIT_CONFIG: Readonly<Record<string, string>> = Object.freeze({
  "core.fsmonitor": "false",
  "core.hooksPath": "/dev/null",
  "core.pager": "cat",
  "log.showSignature": "false",
  "gpg.program": "gpg",
  "gpg.openpgp.program": "gpg",
  "gpg.x509.program": "gpgsm",
  "gpg.ssh.program": "ssh-keygen",
  "status.submoduleSummary": "false",
  // `diff` would run `git diff` in each submodule, a child that keeps the submodule's own diff programs.
  "diff.submodule": "short",
  "credential.helper": "",
  "protocol.allow": "never",
});

/** Variables set for read-only commands: no pager, no prompt, no index refresh written by `git status`. */
const SET: Readonly<Record<string, string>> = {
  GIT_PAGER: "cat",
  PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
};

/** Variables that name programs to run or code to evaluate; a read-only command gets none of them. */
const REMOVED = new Set([
  "GIT_EXTERNAL_DIFF",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PS4",
  "PROMPT_COMMAND",
  "RIPGREP_CONFIG_PATH",
  "LESSOPEN",
  "LESSCLOSE",
]);

/**
 * The environment for a command that `analyzeCommand` judged read-only:
 * `env` without variables that name programs to run (`GIT_EXTERNAL_DIFF`,
 * `BASH_ENV`, `RIPGREP_CONFIG_PATH`, exported bash functions, ...), with
 * only absolute directories in `PATH` (an empty entry means the current
 * directory, where a file named `ls` could wait), with pagers set to
 * `cat`, and with `READ_ONLY_GIT_CONFIG` appended to any
 * `GIT_CONFIG_COUNT` entries already there. Pure.
 *
 * @example
 * readOnlyCommandEnv({ PATH: "/bin" }).GIT_CONFIG_KEY_0; // "core.fsmonitor"
 */
export function readOnlyCommandEnv(env: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (REMOVED.has(name) || name.startsWith("BASH_FUNC_")) continue;
    out[name] = value;
  }
  // An empty or relative PATH entry would let a command name run a file the workspace holds.
  if (out.PATH !== undefined)
    out.PATH = out.PATH.split(":")
      .filter((dir) => dir.startsWith("/"))
      .join(":");
  const existing = out.GIT_CONFIG_COUNT;
  let index = existing !== undefined && /^\d{1,4}$/.test(existing) ? Number(existing) : 0;
  for (const [key, value] of Object.entries(READ_ONLY_GIT_CONFIG)) {
    out[`GIT_CONFIG_KEY_${index}`] = key;
    out[`GIT_CONFIG_VALUE_${index}`] = value;
    index++;
  }
  out.GIT_CONFIG_COUNT = String(index);
  return Object.assign(out, SET);
}
