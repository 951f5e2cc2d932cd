/**
 * The whole environment the shadow repository's `git` runs with: nothing is
 * inherited but `PATH`, so no user or system config, no pager, no prompt and
 * no `GIT_*` variable of the host can reach it. `HOME` and `XDG_CONFIG_HOME`
 * point into the shadow repository, where no config file is ever written.
 */
export function shadowGitEnv(options: {
  gitDir: string;
  workTree: string;
  path: string | undefined;
}): Record<string, string> {
  const { gitDir, workTree, path } = options;
  return {
    PATH: path ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: gitDir,
    XDG_CONFIG_HOME: `${gitDir}/no-config`,
    GIT_DIR: gitDir,
    GIT_WORK_TREE: workTree,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    PAGER: "cat",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_AUTHOR_NAME: "toolkit-checkpoint",
    GIT_AUTHOR_EMAIL: "checkpoint@toolkit.invalid",
    GIT_COMMITTER_NAME: "toolkit-checkpoint",
    GIT_COMMITTER_EMAIL: "checkpoint@toolkit.invalid",
    LC_ALL: "C",
  };
}

/**
 * `-c` settings given before every subcommand: no hooks, no fsmonitor, no
 * signing, no line-ending or filter conversion (bytes are stored as they
 * are), no automatic gc in the middle of a turn.
 */
export const SHADOW_GIT_CONFIG: readonly string[] = [
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.untrackedCache=false",
  "core.autocrlf=false",
  "core.safecrlf=false",
  "core.symlinks=true",
  "core.quotePath=false",
  "core.bare=false",
  "core.attributesFile=/dev/null",
  "core.excludesFile=/dev/null",
  "commit.gpgSign=false",
  "gc.auto=0",
  "maintenance.auto=false",
  "safe.directory=*",
  "advice.addEmbeddedRepo=false",
  "diff.renames=true",
  "color.ui=false",
];

/** Arguments that put the settings above in front of a subcommand. */
export function shadowGitArgs(args: readonly string[]): string[] {
  return [...SHADOW_GIT_CONFIG.flatMap((setting) => ["-c", setting]), ...args];
}
