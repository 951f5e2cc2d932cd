/** A command's arguments after its name: text when fixed at parse time, `undefined` when computed. */
export type Args = readonly (string | undefined)[];

/** Checks one command's arguments; returns why it is not read-only, or `undefined`. */
export type ArgCheck = (args: Args) => string | undefined;

/** The flags to look for: short letters (also inside `-abc`) and long or single-dash names. */
export interface FlagSpec {
  /** Single letters such as `"io"` for `-i` and `-o` (also matched inside `-ni`). */
  short?: string;
  /** Whole names such as `--output` (also matched as `--output=x`) or find's `-delete`. */
  long?: readonly string[];
}

/** The first argument (before `--`) that is one of the flags, as written; `undefined` when none. */
export function findFlag(args: Args, { short = "", long = [] }: FlagSpec): string | undefined {
  for (const arg of args) {
    if (arg === undefined) continue;
    if (arg === "--") return undefined;
    for (const name of long) {
      if (arg === name || arg.startsWith(`${name}=`)) return name;
    }
    if (short !== "" && /^-[^-]/.test(arg)) {
      for (const letter of arg.slice(1)) {
        if (short.includes(letter)) return `-${letter}`;
      }
    }
  }
  return undefined;
}

/** Arguments that are not options (everything after `--` counts). */
export function positionals(args: Args): Args {
  const out: (string | undefined)[] = [];
  let afterDashes = false;
  for (const arg of args) {
    if (!afterDashes && arg === "--") afterDashes = true;
    else if (afterDashes || arg === undefined || !arg.startsWith("-") || arg === "-") out.push(arg);
  }
  return out;
}

/** Wraps a check so that an argument computed at run time disqualifies the command. */
export function literalArgs(command: string, check: ArgCheck): ArgCheck {
  return (args) =>
    args.includes(undefined)
      ? `an argument of \`${command}\` is computed at run time (an expansion or a glob), so it cannot be checked`
      : check(args);
}

/** A check that refuses the given flags with one reason per flag. */
export function forbidFlags(command: string, spec: FlagSpec, why: string): ArgCheck {
  return literalArgs(command, (args) => {
    const flag = findFlag(args, spec);
    return flag === undefined ? undefined : `\`${command} ${flag}\` ${why}`;
  });
}
