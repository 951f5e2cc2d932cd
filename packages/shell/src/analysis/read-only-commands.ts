import { type ArgCheck, findFlag, forbidFlags, literalArgs, positionals } from "./arg-helpers.js";
import { checkGit } from "./git-rules.js";
import { sedScriptEffect } from "./sed-script.js";

const ALWAYS: ArgCheck = () => undefined;

/** Commands that only read whatever their arguments. */
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
  "printf",
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
  "test",
  "[",
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
];

const find = forbidFlagsByName("find", {
  "-delete": "deletes files",
  "-exec": "runs other commands",
  "-execdir": "runs other commands",
  "-ok": "runs other commands",
  "-okdir": "runs other commands",
  "-fprint": "writes to a file",
  "-fprint0": "writes to a file",
  "-fprintf": "writes to a file",
  "-fls": "writes to a file",
});

const sed = literalArgs("sed", (args) => {
  const inPlace = findFlag(args, { short: "i", long: ["--in-place"] });
  if (inPlace !== undefined) return `\`sed ${inPlace}\` edits files in place`;
  if (findFlag(args, { short: "f", long: ["--file"] }) !== undefined)
    return "`sed -f` reads its script from a file, which the analysis cannot check";
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "-e" || arg === "--expression") scripts.push(args[++i] ?? "");
    else if (arg.startsWith("--expression=")) scripts.push(arg.slice("--expression=".length));
  }
  if (scripts.length === 0) scripts.push((positionals(args)[0] as string | undefined) ?? "");
  for (const script of scripts) {
    const effect = sedScriptEffect(script);
    if (effect !== undefined) return effect;
  }
  return undefined;
});

const positionalLimit = (command: string, max: number, why: string): ArgCheck =>
  literalArgs(command, (args) => (positionals(args).length > max ? `\`${command}\` ${why}` : undefined));

/** Every command on the read-only list, with the check its arguments must pass. */
export const READ_ONLY_COMMANDS: ReadonlyMap<string, ArgCheck> = new Map<string, ArgCheck>([
  ...PLAIN.map((name) => [name, ALWAYS] as const),
  ["find", find],
  ["sed", sed],
  ["git", checkGit],
  ["rg", forbidFlags("rg", { long: ["--pre"] }, "runs other commands")],
  ["fd", forbidFlags("fd", { short: "xX", long: ["--exec", "--exec-batch"] }, "runs other commands")],
  ["fdfind", forbidFlags("fdfind", { short: "xX", long: ["--exec", "--exec-batch"] }, "runs other commands")],
  ["sort", literalArgs("sort", checkSort)],
  ["tree", forbidFlags("tree", { short: "o" }, "writes to a file")],
  ["file", forbidFlags("file", { short: "C", long: ["--compile"] }, "writes a compiled magic file")],
  ["uniq", positionalLimit("uniq", 1, "with two file names writes the second")],
  ["xxd", positionalLimit("xxd", 1, "with two file names writes the second")],
  ["hostname", positionalLimit("hostname", 0, "with an argument sets the host name")],
  [
    "env",
    literalArgs("env", (args) => (args.length > 0 ? "`env` with arguments runs a command" : undefined)),
  ],
  ["date", literalArgs("date", checkDate)],
  ["command", literalArgs("command", checkCommandBuiltin)],
]);

function checkSort(args: readonly (string | undefined)[]): string | undefined {
  const output = findFlag(args, { short: "o", long: ["--output"] });
  if (output !== undefined) return `\`sort ${output}\` writes to a file`;
  return findFlag(args, { long: ["--compress-program"] }) === undefined
    ? undefined
    : "`sort --compress-program` runs another command";
}

function checkDate(args: readonly (string | undefined)[]): string | undefined {
  const set = findFlag(args, { short: "s", long: ["--set"] });
  if (set !== undefined) return `\`date ${set}\` sets the clock`;
  const other = positionals(args).find((arg) => !arg?.startsWith("+"));
  return other === undefined ? undefined : "`date` with an argument other than `+FORMAT` sets the clock";
}

function checkCommandBuiltin(args: readonly (string | undefined)[]): string | undefined {
  return findFlag(args, { short: "vV" }) === undefined
    ? "`command` runs other commands unless used as `command -v`"
    : undefined;
}

function forbidFlagsByName(command: string, reasons: Readonly<Record<string, string>>): ArgCheck {
  const names = Object.keys(reasons);
  return literalArgs(command, (args) => {
    const flag = findFlag(args, { long: names });
    return flag === undefined ? undefined : `\`${command} ${flag}\` ${reasons[flag]}`;
  });
}
