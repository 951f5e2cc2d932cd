import { type ArgCheck, abbreviates, literalArgs } from "./arg-helpers.js";
import { GIT_DANGEROUS_LONG, GIT_SAFE_LONG } from "./git-options.js";
import { configProgramsReason } from "./git-programs.js";

/** Subcommands that only read, given options from `GIT_SAFE_LONG` (and short options other than grep's `-O`). */
const READING = new Set([
  "status",
  "diff",
  "log",
  "show",
  "blame",
  "shortlog",
  "describe",
  "rev-parse",
  "rev-list",
  "ls-files",
  "ls-tree",
  "cat-file",
  "grep",
  "show-ref",
  "merge-base",
  "name-rev",
  "whatchanged",
  "count-objects",
  "version",
]);

/** Global options that take no value and change nothing (git matches them exactly). */
const GLOBAL_FLAGS = new Set([
  "--no-pager",
  "-P",
  "--no-optional-locks",
  "--literal-pathspecs",
  "--glob-pathspecs",
  "--noglob-pathspecs",
  "--icase-pathspecs",
  "--no-replace-objects",
  "--version",
]);

const GLOBAL_REASONS: Readonly<Record<string, string>> = {
  "-c": "can set configuration that runs commands",
  "--config-env": "can set configuration that runs commands",
  "--exec-path": "chooses where git finds the programs it runs",
  "--git-dir": "points git at another repository and its configuration",
  "--work-tree": "points git at another work tree",
  "-p": "runs a pager",
  "--paginate": "runs a pager",
};

const DANGEROUS = Object.keys(GIT_DANGEROUS_LONG);

/**
 * Why a `git` command line is not read-only, or `undefined` when it only
 * reads. Fails closed: a global option, a subcommand or a long option the
 * analysis does not know (an abbreviation included) refuses the command.
 */
export const checkGit: ArgCheck = literalArgs("git", (args) => {
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("-")) break;
    if (GLOBAL_FLAGS.has(arg)) continue;
    if (arg === "-C") {
      i++;
      continue;
    }
    const name = arg.split("=")[0] as string;
    const why = Object.hasOwn(GLOBAL_REASONS, name) ? GLOBAL_REASONS[name] : undefined;
    return why === undefined
      ? `the git option \`${arg}\` is not one the analysis knows`
      : `\`git ${name}\` ${why}`;
  }
  const sub = args[i];
  if (sub === undefined) return undefined;
  return checkSubcommand(sub, args.slice(i + 1));
});

function checkSubcommand(sub: string, rest: readonly string[]): string | undefined {
  if (READING.has(sub)) return reading(sub, rest);
  switch (sub) {
    case "branch":
    case "tag":
      return listing(sub, rest);
    case "remote":
      return remote(rest);
    case "stash":
      return rest[0] === "list" || rest[0] === "show"
        ? reading(`stash ${rest[0]}`, rest.slice(1))
        : "`git stash` without `list` or `show` as its first argument saves changes (a push)";
    case "worktree":
      return rest[0] === "list"
        ? exactOptions("worktree list", rest.slice(1), ["--porcelain", "-v", "--verbose", "-z"])
        : "`git worktree` changes work trees unless used as `git worktree list`";
    case "reflog":
      if (rest[0] === "show") return reading("reflog show", rest.slice(1));
      if (rest[0] === undefined || rest[0].startsWith("-")) return reading("reflog", rest);
      return `\`git reflog ${rest[0]}\` is not a reading reflog command`;
    case "config":
      return config(rest);
    default:
      return `\`git ${sub}\` is not a read-only git subcommand`;
  }
}

/** A reading subcommand: options it knows, and none of the programs a repository's configuration names. */
function reading(sub: string, rest: readonly string[]): string | undefined {
  return readingOptions(sub, rest) ?? configProgramsReason(sub, rest);
}

/** Options of a reading subcommand, up to `--` (pathspecs follow). */
function readingOptions(sub: string, rest: readonly string[]): string | undefined {
  for (const arg of rest) {
    if (arg === "--") return undefined;
    if (arg.startsWith("--")) {
      const dangerous = abbreviates(arg, DANGEROUS);
      if (dangerous !== undefined) return `\`git ${sub} ${arg}\` ${GIT_DANGEROUS_LONG[dangerous]}`;
      const name = arg.split("=")[0] as string;
      if (!GIT_SAFE_LONG.has(name) && !/^--no-(ext-diff|textconv)$/.test(name)) {
        return `\`git ${sub} ${arg}\` is not an option the analysis knows`;
      }
    } else if (sub === "grep" && /^-[^-]*O/.test(arg)) {
      return `\`git grep ${arg}\` opens the files in a program`;
    }
  }
  return undefined;
}

/** Every option must be one of `allowed` (exactly); positionals are free. */
function exactOptions(sub: string, rest: readonly string[], allowed: readonly string[]): string | undefined {
  for (const arg of rest) {
    if (arg === "--") return undefined;
    if (arg.startsWith("-") && arg !== "-" && !allowed.includes(arg.split("=")[0] as string)) {
      return `\`git ${sub} ${arg}\` is not an option the analysis knows`;
    }
  }
  return undefined;
}

/** Options of `git branch`/`git tag` that take the next word as their value. */
const LIST_VALUE_OPTIONS = [
  "--merged",
  "--no-merged",
  "--contains",
  "--no-contains",
  "--points-at",
  "--sort",
  "--format",
];
const LIST_VALUES = new Set(LIST_VALUE_OPTIONS);

/** Listing options `git branch` and `git tag` share. */
const LIST_COMMON = [
  "-l",
  "--list",
  "-i",
  "--ignore-case",
  ...LIST_VALUE_OPTIONS,
  "--color",
  "--no-color",
  "--column",
  "--no-column",
  "--omit-empty",
];
const BRANCH_LIST = [
  ...LIST_COMMON,
  "-a",
  "--all",
  "-r",
  "--remotes",
  "-v",
  "-vv",
  "--verbose",
  "-q",
  "--quiet",
  "--show-current",
  "--abbrev",
  "--no-abbrev",
];
const TAG_LIST = [...LIST_COMMON, "-n"];
/** `git branch` / `git tag` only list: known listing options, names only as `--list` patterns. */
function listing(sub: "branch" | "tag", rest: readonly string[]): string | undefined {
  const allowed = sub === "branch" ? BRANCH_LIST : TAG_LIST;
  let isList = false;
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === "--") {
      names.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      names.push(arg);
      continue;
    }
    const name = arg.split("=")[0] as string;
    const numbered = sub === "tag" && /^-n\d*$/.test(arg);
    if (!allowed.includes(name) && !numbered) {
      return `\`git ${sub} ${arg}\` is not a listing option the analysis knows (it may change ${sub === "branch" ? "branches" : "tags"})`;
    }
    if (name === "-l" || name === "--list" || LIST_VALUES.has(name)) isList = true;
    if (LIST_VALUES.has(name) && !arg.includes("=")) i++;
  }
  if (!isList && names.length > 0) {
    return `\`git ${sub}\` with a name creates a ${sub}; list with \`git ${sub} --list\``;
  }
  return undefined;
}

/** `git remote`, `git remote -v`, `git remote get-url NAME` (`show` contacts the remote). */
function remote(rest: readonly string[]): string | undefined {
  if (rest.length === 0 || (rest.length === 1 && (rest[0] === "-v" || rest[0] === "--verbose")))
    return undefined;
  if (rest[0] === "get-url") return exactOptions("remote get-url", rest.slice(1), ["--push", "--all"]);
  return `\`git remote ${rest[0]}\` is not a reading remote command (\`show\` contacts the remote)`;
}

const CONFIG_READS = ["--get", "--get-all", "--get-regexp", "--list", "-l"];
const CONFIG_OPTIONS = [
  ...CONFIG_READS,
  "--global",
  "--system",
  "--local",
  "--worktree",
  "--file",
  "-f",
  "--blob",
  "--show-origin",
  "--show-scope",
  "--name-only",
  "--null",
  "-z",
  "--type",
  "--bool",
  "--int",
  "--bool-or-int",
  "--path",
  "--expiry-date",
  "--default",
  "--includes",
  "--no-includes",
];

/** `git config` only reads with `--get*` or `--list` and options that only choose what to read. */
function config(rest: readonly string[]): string | undefined {
  let reads = false;
  for (const arg of rest) {
    if (!arg.startsWith("-")) continue;
    const name = arg.split("=")[0] as string;
    if (!CONFIG_OPTIONS.includes(name)) {
      return `\`git config ${arg}\` is not an option the analysis knows; only \`--get\` and \`--list\` read`;
    }
    if (CONFIG_READS.includes(name)) reads = true;
  }
  return reads ? undefined : "`git config` changes configuration unless it only reads (`--get`, `--list`)";
}
