import { type ArgCheck, abbreviates, findExact, gnuCommand, literalArgs } from "./arg-helpers.js";
import { checkGit } from "./git-rules.js";
import { DATE, FILE, SORT, UNIQ } from "./gnu-option-tables.js";
import { checkSed } from "./sed-command.js";
import { checkCommandBuiltin, checkPrintf, checkTest } from "./builtin-rules.js";

const ALWAYS: ArgCheck = () => undefined;

/** Commands that have no option that writes, runs a program or changes state. */
const PLAIN = [
  "ls",
  "cat",
  "head",
  "tail",
  "wc",
  "grep",
  "egrep",
  "fgrep",
  "pwd",
  "echo",
  "which",
  "whereis",
  "type",
  "stat",
  "du",
  "df",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "true",
  "false",
  ":",
  "whoami",
  "id",
  "groups",
  "uname",
  "printenv",
  "nl",
  "cut",
  "tr",
  "diff",
  "cmp",
  "comm",
  "column",
  "jq",
  "od",
  "hexdump",
  "strings",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "sha512sum",
  "cksum",
  "base64",
  "seq",
  "expr",
  "fold",
  "paste",
  "rev",
  "tac",
  "zcat",
  "nproc",
  "free",
  "uptime",
  "locale",
  "ps",
  "pgrep",
  "sleep",
  "cd",
  "join",
  "expand",
  "break",
  "continue",
];

/** find's primaries that write or run something; find matches them exactly, anywhere (also after `--`). */
const FIND_PRIMARIES: Readonly<Record<string, string>> = {
  "-delete": "deletes files",
  "-exec": "runs other commands",
  "-execdir": "runs other commands",
  "-ok": "runs other commands",
  "-okdir": "runs other commands",
  "-fprint": "writes to a file",
  "-fprint0": "writes to a file",
  "-fprintf": "writes to a file",
  "-fls": "writes to a file",
};

const find = literalArgs("find", (args) => {
  for (const arg of args) {
    const why = Object.hasOwn(FIND_PRIMARIES, arg) ? FIND_PRIMARIES[arg] : undefined;
    if (why !== undefined) return `\`find ${arg}\` ${why}`;
  }
  return undefined;
});

/**
 * Commands whose parsers take only exact long names (ripgrep, fd): the
 * dangerous names and anything that abbreviates them are refused.
 */
function refuseNames(command: string, names: readonly string[], short: string, why: string): ArgCheck {
  return literalArgs(command, (args) => {
    for (const arg of args) {
      if (arg === "--") return undefined;
      const name = abbreviates(arg, names);
      if (name !== undefined) return `\`${command} --${name}\` ${why}`;
      if (short !== "" && /^-[^-]/.test(arg)) {
        const letter = [...arg.slice(1)].find((c) => short.includes(c));
        if (letter !== undefined) return `\`${command} -${letter}\` ${why}`;
      }
    }
    return undefined;
  });
}

const sort = gnuCommand("sort", SORT, (options) => {
  for (const option of options) {
    if (option.id === "-o") return `\`sort ${option.written}\` writes to a file`;
    if (option.id === "--compress-program") return `\`sort ${option.written}\` runs another command`;
  }
  return undefined;
});

const file = gnuCommand("file", FILE, (options) => {
  for (const option of options) {
    if (option.id === "-C") return `\`file ${option.written}\` writes a compiled magic file`;
    if (option.id === "-p") return `\`file ${option.written}\` resets the access times of files`;
  }
  return undefined;
});

const date = gnuCommand("date", DATE, (options, operands) => {
  const set = options.find((option) => option.id === "-s");
  if (set !== undefined) return `\`date ${set.written}\` sets the clock`;
  return operands.some((operand) => !operand.startsWith("+"))
    ? "`date` with an argument other than `+FORMAT` sets the clock"
    : undefined;
});

const uniq = gnuCommand("uniq", UNIQ, (_options, operands) =>
  operands.length > 1 ? "`uniq` with two file names writes the second" : undefined,
);

/** tree parses its own options: `-o` writes a file, `-R` writes one per directory. */
const TREE_LONG = [
  "--noreport",
  "--dirsfirst",
  "--filesfirst",
  "--charset",
  "--gitignore",
  "--filelimit",
  "--du",
  "--si",
  "--prune",
  "--matchdirs",
  "--ignore-case",
  "--sort",
  "--info",
  "--metafirst",
  "--inodes",
  "--device",
  "--timefmt",
  "--version",
  "--help",
];
const tree = literalArgs("tree", (args) => {
  for (const arg of args) {
    if (arg === "--") return undefined;
    if (arg.startsWith("--")) {
      if (findExact([arg], TREE_LONG) === undefined)
        return `\`tree ${arg}\` is not an option the analysis knows`;
    } else if (/^-[^-]/.test(arg) && /[oR]/.test(arg)) {
      return `\`tree ${arg}\` writes to a file`;
    }
  }
  return undefined;
});

const XXD_VALUES = new Set([
  "-c",
  "-cols",
  "-g",
  "-groupsize",
  "-l",
  "-len",
  "-o",
  "-offset",
  "-s",
  "-seek",
  "-n",
  "-name",
]);
const xxd = literalArgs("xxd", (args) => {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (XXD_VALUES.has(arg)) i++;
    else if (!arg.startsWith("-") || arg === "-") operands.push(arg);
  }
  return operands.length > 1 ? "`xxd` with two file names writes the second" : undefined;
});

const HOSTNAME_READS = new Set([
  "-a",
  "-A",
  "-d",
  "-f",
  "-i",
  "-I",
  "-s",
  "-y",
  "--alias",
  "--all-fqdns",
  "--domain",
  "--fqdn",
  "--long",
  "--ip-address",
  "--all-ip-addresses",
  "--short",
  "--yp",
  "--nis",
]);
const hostname = literalArgs("hostname", (args) =>
  args.every((arg) => HOSTNAME_READS.has(arg))
    ? undefined
    : "`hostname` with an argument can set the host name",
);

const env = literalArgs("env", (args) =>
  args.length > 0 ? "`env` with arguments runs a command" : undefined,
);

/** Every command on the read-only list, with the check its arguments must pass. */
export const READ_ONLY_COMMANDS: ReadonlyMap<string, ArgCheck> = new Map<string, ArgCheck>([
  ...PLAIN.map((name) => [name, ALWAYS] as const),
  ["find", find],
  ["sed", checkSed],
  ["git", checkGit],
  ["rg", refuseNames("rg", ["pre", "pre-glob", "hostname-bin"], "", "runs other commands")],
  ["fd", refuseNames("fd", ["exec", "exec-batch"], "xX", "runs other commands")],
  ["fdfind", refuseNames("fdfind", ["exec", "exec-batch"], "xX", "runs other commands")],
  ["sort", sort],
  ["tree", tree],
  ["file", file],
  ["uniq", uniq],
  ["xxd", xxd],
  ["hostname", hostname],
  ["env", env],
  ["date", date],
  ["command", checkCommandBuiltin],
  ["printf", checkPrintf],
  ["test", checkTest("test")],
  ["[", checkTest("[")],
]);
