import { getoptLong, type OptionTable, type ParsedOption } from "./getopt-long.js";

/** A command's arguments after its name: text when fixed at parse time, `undefined` when computed. */
export type Args = readonly (string | undefined)[];

/** Checks one command's arguments; returns why it is not read-only, or `undefined`. */
export type ArgCheck = (args: Args) => string | undefined;

/** Wraps a check so that an argument computed at run time disqualifies the command. */
export function literalArgs(
  command: string,
  check: (args: readonly string[]) => string | undefined,
): ArgCheck {
  return (args) =>
    args.includes(undefined)
      ? `an argument of \`${command}\` is computed at run time (an expansion or a glob), so it cannot be checked`
      : check(args as readonly string[]);
}

/**
 * A check for a GNU command: its arguments are parsed as `getopt_long` parses
 * them (abbreviations included), an option it does not know refuses the
 * command, and `check` judges the parsed options and operands.
 */
export function gnuCommand(
  command: string,
  table: OptionTable,
  check: (options: readonly ParsedOption[], operands: readonly string[]) => string | undefined,
): ArgCheck {
  return literalArgs(command, (args) => {
    const parsed = getoptLong(args, table);
    if ("error" in parsed) return `\`${command}\`: ${parsed.error}`;
    return check(parsed.options, parsed.operands);
  });
}

/**
 * True when `arg` is `--name` (or `--name=...`) with `name` equal to, or a
 * prefix of, one of `names`: what a parser accepting abbreviations could
 * read as that option.
 */
export function abbreviates(arg: string, names: readonly string[]): string | undefined {
  if (!arg.startsWith("--") || arg === "--") return undefined;
  const eq = arg.indexOf("=");
  const written = arg.slice(2, eq === -1 ? undefined : eq);
  return names.find((name) => name.startsWith(written));
}

/** The first argument equal to one of `names` (exactly) or starting with `name=`. */
export function findExact(args: readonly string[], names: readonly string[]): string | undefined {
  for (const arg of args) {
    const name = names.find((n) => arg === n || arg.startsWith(`${n}=`));
    if (name !== undefined) return name;
  }
  return undefined;
}
