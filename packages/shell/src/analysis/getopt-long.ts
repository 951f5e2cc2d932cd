/** Whether an option takes an argument: none, a required one, or an optional one (attached only). */
export type OptionArg = "none" | "required" | "optional";

/** The options a GNU command accepts, as `getopt_long` sees them. */
export interface OptionTable {
  /**
   * Short options in getopt's notation: a letter alone takes no argument,
   * `x:` a required one, `x::` an optional one (attached only).
   */
  readonly short: string;
  /** Every long option by its full name, with the short letter it stands for (or its own id) and its argument. */
  readonly long: Readonly<Record<string, readonly [id: string, arg: OptionArg]>>;
}

/** One option as the command will see it. */
export interface ParsedOption {
  /** The short letter (`-i`) or, for a long-only option, the full long name (`--compress-program`). */
  readonly id: string;
  /** The argument as written, as it was given. */
  readonly written: string;
  /** Its argument, when it has one. */
  readonly value?: string;
}

/** A parsed command line, or why the command would refuse it. */
export type ParsedArgs =
  | { readonly options: readonly ParsedOption[]; readonly operands: readonly string[] }
  | { readonly error: string };

/**
 * Parses arguments exactly as glibc's `getopt_long` with argument permutation
 * does: options anywhere before `--`, short options clustered (`-ne`), a
 * short option's argument attached (`-ew`) or the next word, long options by
 * their full name or any unambiguous prefix (`--in-pl=.bak` is `--in-place`;
 * an exact name wins over longer names it prefixes), `--name=value` or the
 * next word for required arguments. An unknown or ambiguous option, or a
 * missing argument, is an error (the command would refuse to run).
 *
 * @example
 * getoptLong(["--outp=F", "x"], SORT).options[0]; // { id: "-o", written: "--outp=F", value: "F" }
 */
export function getoptLong(args: readonly string[], table: OptionTable): ParsedArgs {
  const shortArgs = shortTable(table.short);
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const found = findLong(name, table);
      if ("error" in found) return { error: `\`${arg}\` ${found.error}` };
      const [id, kind] = found.option;
      if (eq !== -1) {
        if (kind === "none") return { error: `\`${arg}\` takes no argument` };
        options.push({ id, written: arg, value: arg.slice(eq + 1) });
      } else if (kind === "required") {
        const value = args[++i];
        if (value === undefined) return { error: `\`${arg}\` needs an argument` };
        options.push({ id, written: arg, value });
      } else options.push({ id, written: arg });
      continue;
    }
    if (!arg.startsWith("-") || arg === "-") {
      operands.push(arg);
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j] as string;
      const kind = shortArgs.get(letter);
      if (kind === undefined) return { error: `\`-${letter}\` is not an option the analysis knows` };
      const id = `-${letter}`;
      if (kind === "none") {
        options.push({ id, written: arg });
        continue;
      }
      const attached = arg.slice(j + 1);
      if (attached !== "") options.push({ id, written: arg, value: attached });
      else if (kind === "optional") options.push({ id, written: arg });
      else {
        const value = args[++i];
        if (value === undefined) return { error: `\`${id}\` needs an argument` };
        options.push({ id, written: arg, value });
      }
      break;
    }
  }
  return { options, operands };
}

function shortTable(spec: string): Map<string, OptionArg> {
  const out = new Map<string, OptionArg>();
  for (let i = 0; i < spec.length; i++) {
    const letter = spec[i] as string;
    if (spec[i + 1] !== ":") out.set(letter, "none");
    else if (spec[i + 2] === ":") {
      out.set(letter, "optional");
      i += 2;
    } else {
      out.set(letter, "required");
      i += 1;
    }
  }
  return out;
}

function findLong(
  name: string,
  table: OptionTable,
): { option: readonly [string, OptionArg] } | { error: string } {
  const exact = Object.hasOwn(table.long, name) ? table.long[name] : undefined;
  if (exact !== undefined) return { option: exact };
  const matches = Object.keys(table.long).filter((full) => name !== "" && full.startsWith(name));
  const distinct = new Set(matches.map((full) => (table.long[full] as readonly [string, OptionArg]).join()));
  if (matches.length === 0) return { error: "is not an option the analysis knows" };
  if (distinct.size > 1) return { error: `is ambiguous (${matches.map((m) => `--${m}`).join(", ")})` };
  return { option: table.long[matches[0] as string] as readonly [string, OptionArg] };
}
