import { type Args, findFlag, literalArgs, positionals } from "./arg-helpers.js";

/** Subcommands that only read, whatever their arguments (beyond the flags refused below). */
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

/** Global options that take no value and change nothing. */
const GLOBAL_FLAGS = new Set([
  "--no-pager",
  "-P",
  "--no-optional-locks",
  "--literal-pathspecs",
  "--no-replace-objects",
  "--bare",
]);

/** Global options that take a value (`-C dir`, `--git-dir=x`). */
const GLOBAL_WITH_VALUE = new Set(["-C", "--git-dir", "--work-tree", "--namespace"]);

/** Why a `git` command line is not read-only, or `undefined` when it only reads. */
export const checkGit = literalArgs("git", (args) => {
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("-")) break;
    if (arg === "-c" || arg.startsWith("--config-env"))
      return "`git -c` can set configuration that runs commands";
    if (GLOBAL_FLAGS.has(arg)) continue;
    const name = arg.split("=")[0] as string;
    if (GLOBAL_WITH_VALUE.has(name)) {
      if (!arg.includes("=")) i++;
      continue;
    }
    return `the git option \`${arg}\` is not on the read-only list`;
  }
  const sub = args[i];
  if (sub === undefined) return undefined;
  return checkSubcommand(sub, args.slice(i + 1));
});

function checkSubcommand(sub: string, rest: Args): string | undefined {
  if (READING.has(sub)) {
    const flag = findFlag(rest, {
      short: sub === "grep" ? "O" : "",
      long: ["--output", "--open-files-in-pager"],
    });
    return flag === undefined ? undefined : `\`git ${sub} ${flag}\` writes to a file or runs a pager`;
  }
  switch (sub) {
    case "branch":
    case "tag":
      return listing(sub, rest);
    case "remote":
      return oneOf(sub, rest, ["show", "get-url"], true);
    case "stash":
      return oneOf(sub, rest, ["list", "show"], false);
    case "worktree":
      return oneOf(sub, rest, ["list"], false);
    case "reflog":
      return oneOf(sub, rest, ["show"], true);
    case "config":
      return checkConfig(rest);
    default:
      return `\`git ${sub}\` is not a read-only git subcommand`;
  }
}

/** `git branch` / `git tag` only list when they name nothing, or name patterns after `--list`. */
function listing(sub: string, rest: Args): string | undefined {
  const changing = findFlag(rest, {
    short: sub === "branch" ? "dDmMcCfu" : "dasfmuF",
    long: [
      "--delete",
      "--move",
      "--copy",
      "--force",
      "--set-upstream-to",
      "--unset-upstream",
      "--edit-description",
      "--annotate",
      "--sign",
      "--message",
      "--file",
    ],
  });
  if (changing !== undefined)
    return `\`git ${sub} ${changing}\` changes ${sub === "branch" ? "branches" : "tags"}`;
  const isList = findFlag(rest, { short: "l", long: ["--list"] }) !== undefined;
  if (!isList && positionals(rest).length > 0) {
    return `\`git ${sub}\` with a name creates a ${sub}; list with \`git ${sub} --list\``;
  }
  return undefined;
}

/** Subcommands like `git stash` whose own first word decides (`list`, `show`). */
function oneOf(
  sub: string,
  rest: Args,
  allowed: readonly string[],
  bareAllowed: boolean,
): string | undefined {
  const action = positionals(rest)[0];
  if (action === undefined)
    return bareAllowed ? undefined : `\`git ${sub}\` without \`${allowed[0]}\` changes the repository`;
  return allowed.includes(action as string) ? undefined : `\`git ${sub} ${action}\` changes the repository`;
}

const CONFIG_READS = { short: "l", long: ["--get", "--get-all", "--get-regexp", "--list"] };
const CONFIG_WRITES = {
  short: "e",
  long: [
    "--add",
    "--unset",
    "--unset-all",
    "--replace-all",
    "--edit",
    "--rename-section",
    "--remove-section",
  ],
};

/** `git config` only reads with `--get*` or `--list` and no writing flag. */
function checkConfig(rest: Args): string | undefined {
  const reads = findFlag(rest, CONFIG_READS) !== undefined;
  const writes = findFlag(rest, CONFIG_WRITES) !== undefined;
  return reads && !writes
    ? undefined
    : "`git config` changes configuration unless it only reads (`--get`, `--list`)";
}
