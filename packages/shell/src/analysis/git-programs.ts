/**
 * Programs a repository's own configuration makes reading git subcommands
 * run: `diff.external` and `diff.<driver>.command` (external diffs),
 * `diff.<driver>.textconv`, and `filter.<driver>.clean` (run on work-tree
 * files whose stat changed). The environment of read-only commands cannot
 * switch these off (they are keyed by driver names the repository chooses),
 * so the command line has to: `--no-ext-diff --no-textconv`, and no read of
 * the work tree through filters, for which git has no switch.
 */
import { GIT_COMMIT_LONG } from "./git-options.js";

/** Options that switch off external diffs and text conversion. */
const NO_PROGRAMS = ["--no-ext-diff", "--no-textconv"] as const;

/** Long options of the log family that compute no diff. */
const NO_DIFF_LONG: ReadonlySet<string> = new Set([
  ...GIT_COMMIT_LONG,
  "--no-patch",
  "--null",
  ...NO_PROGRAMS,
]);

/** Short options of the log family that compute no diff: `-5`, `-n 5`, `-n5`, `-i`, `-E`, `-F`, `-P`, `-z`. */
const NO_DIFF_SHORT = /^-(\d+|n\d*|[iEFPz]+)$/;

/** Subcommands that show commits and may show their diffs; `git show` shows one by default. */
const LOG_FAMILY = new Set(["log", "whatchanged", "reflog", "reflog show", "stash list"]);
const DIFF_FAMILY = new Set(["diff", "show", "stash show"]);

const PROGRAMS =
  "runs the programs a repository's configuration names for diffs (`diff.external`, `diff.<driver>.command`, `diff.<driver>.textconv`)";
const FILTERS =
  "reads work-tree files through the clean filters a repository's configuration names (`filter.<driver>.clean`), which no option switches off";

/**
 * Why a reading git subcommand (`sub` as `git log`, `git stash show`, ...)
 * may run a program the repository's configuration names, or `undefined`.
 * `rest` are its arguments, already checked option by option.
 */
export function configProgramsReason(sub: string, rest: readonly string[]): string | undefined {
  const options = beforeDashDash(rest);
  if (sub === "status") return `\`git status\` ${FILTERS}; ask before running it`;
  if (sub === "ls-files" && options.some((arg) => arg === "--modified" || /^-[^-]*m/.test(arg))) {
    return `\`git ls-files --modified\` ${FILTERS}`;
  }
  if (sub === "describe" && options.some((arg) => /^--(dirty|broken)(=|$)/.test(arg))) {
    return `\`git describe --dirty\` ${FILTERS}`;
  }
  if (sub === "blame") return blame(rest);
  if (options.includes("--submodule=diff")) {
    return `\`git ${sub} --submodule=diff\` runs \`git diff\` in each submodule, with the programs its configuration names; use \`--submodule=log\``;
  }
  const switchedOff = NO_PROGRAMS.every((flag) => options.includes(flag));
  if (LOG_FAMILY.has(sub)) {
    if (switchedOff || options.every(computesNoDiff)) return undefined;
    return `\`git ${sub}\` with diff options ${PROGRAMS}; add \`--no-ext-diff --no-textconv\``;
  }
  if (!DIFF_FAMILY.has(sub)) return undefined;
  if (!switchedOff) return `\`git ${sub}\` ${PROGRAMS}; add \`--no-ext-diff --no-textconv\``;
  if (sub === "diff") return diffOfWorkTree(rest);
  return undefined;
}

function computesNoDiff(arg: string): boolean {
  if (!arg.startsWith("-")) return true;
  if (arg.startsWith("--")) return NO_DIFF_LONG.has(arg.split("=")[0] as string);
  return NO_DIFF_SHORT.test(arg);
}

/** `git diff` options that never take the next word as their value (git reads `--stat 80` as a path). */
const DIFF_FLAGS: ReadonlySet<string> = new Set([
  ...NO_PROGRAMS,
  "-p",
  "-u",
  "-s",
  "-R",
  "-w",
  "-b",
  "--patch",
  "--no-patch",
  "--raw",
  "--stat",
  "--numstat",
  "--shortstat",
  "--summary",
  "--compact-summary",
  "--name-only",
  "--name-status",
  "--color",
  "--no-color",
  "--word-diff",
  "--color-words",
  "--quiet",
  "--exit-code",
  "--minimal",
  "--patience",
  "--histogram",
  "--ignore-all-space",
  "--ignore-space-change",
  "--no-renames",
]);

/**
 * `git diff` reads the work tree unless it compares the index (`--cached`)
 * or a range given first (`A..B` after flags that take no value): a revision
 * followed by paths, or a word that is an option's value, cannot be told
 * apart from two revisions without the repository.
 */
function diffOfWorkTree(rest: readonly string[]): string | undefined {
  const options = beforeDashDash(rest);
  if (options.includes("--no-index")) return `\`git diff --no-index\` ${FILTERS}`;
  if (options.includes("--cached") || options.includes("--staged")) return undefined;
  const first = options.find((arg) => !DIFF_FLAGS.has(arg));
  if (first !== undefined && !first.startsWith("-") && first.includes("..")) return undefined;
  return `\`git diff\` of the work tree ${FILTERS}; compare commits (\`git diff --no-ext-diff --no-textconv A..B\`) or the index (\`--cached\`)`;
}

/**
 * `git blame` reads the work-tree file through the clean filter unless a
 * revision is named: the word just before `--`, itself not the value of an
 * option (the word before it is not an option, or is `--no-textconv`).
 */
function blame(rest: readonly string[]): string | undefined {
  if (!rest.includes("--no-textconv")) {
    return `\`git blame\` ${PROGRAMS}; add \`--no-textconv\``;
  }
  const end = rest.indexOf("--");
  const revision = end > 0 ? (rest[end - 1] as string) : undefined;
  const before = end > 1 ? (rest[end - 2] as string) : undefined;
  const named =
    revision !== undefined &&
    !revision.startsWith("-") &&
    (before === undefined || !before.startsWith("-") || before === "--no-textconv");
  return named
    ? undefined
    : `\`git blame\` of the work-tree file ${FILTERS}; name a revision: \`git blame --no-textconv HEAD -- FILE\``;
}

function beforeDashDash(rest: readonly string[]): readonly string[] {
  const end = rest.indexOf("--");
  return end === -1 ? rest : rest.slice(0, end);
}
