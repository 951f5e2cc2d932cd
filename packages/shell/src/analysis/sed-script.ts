/**
 * Reads a sed script far enough to tell whether it writes files (`w`, `W`,
 * the `w` flag of `s`) or runs commands (`e`, the `e` flag of `s`). Returns
 * the reason, or `undefined` for a script that only prints. Anything it does
 * not understand is reported, never assumed harmless. The script is read
 * twice, once with bracket expressions in regular expressions (GNU sed: the
 * delimiter inside `[/]` does not end the expression) and once without
 * (POSIX leaves it unspecified), so a script cannot hide a command from one
 * reading behind the other.
 */
export function sedScriptEffect(script: string): string | undefined {
  const posix = scan(script, false);
  return scan(script, true) ?? (posix?.startsWith(UNKNOWN) ? undefined : posix);
}

/** How a reason for a script the scanner cannot follow starts (ignored in the reading without brackets). */
const UNKNOWN = "the sed script has";

function scan(script: string, brackets: boolean): string | undefined {
  const s = new Scanner(script, brackets);
  while (!s.done()) {
    s.skip(" \t\n;{}!");
    if (s.done()) break;
    s.address();
    s.skip(" \t!");
    const command = s.next();
    switch (command) {
      case "w":
      case "W":
        return `the sed command \`${command}\` writes to a file`;
      case "e":
        return "the sed command `e` runs a shell command";
      case "s": {
        const delimiter = s.next();
        if (delimiter === undefined || delimiter === "\n" || delimiter === "\\") {
          return "the sed script has an `s` command without a delimiter the analysis can read";
        }
        s.delimited(delimiter, true);
        s.delimited(delimiter, false);
        const flags = s.until(" \t\n;}");
        if (flags.includes("w")) return "the sed flag `s///w` writes to a file";
        if (flags.includes("e")) return "the sed flag `s///e` runs a shell command";
        break;
      }
      case "y": {
        const delimiter = s.next();
        s.delimited(delimiter, false);
        s.delimited(delimiter, false);
        break;
      }
      case "{":
      case "}":
        break;
      case "a":
      case "i":
      case "c":
        // Text to the end of the line; a line ending in an odd number of backslashes continues on
        // the next one. The reading without brackets takes every line as commands, so a mistake
        // here cannot hide a `w` or an `e`.
        for (let line = s.until("\n"); brackets && !s.done() && continues(line); line = s.until("\n")) {
          s.next();
        }
        break;
      case "#":
      case ":":
      case "r":
      case "R":
        s.until("\n");
        break;
      case "b":
      case "t":
      case "T":
        s.until("\n;}");
        break;
      default:
        if (command === undefined || !"pdDnNgGhHxlLqQz=PF".includes(command)) {
          return `the sed script has a command the analysis does not know (\`${command ?? "end of script"}\`)`;
        }
        s.until("\n;}");
    }
  }
  return undefined;
}

/** A line of `a`/`i`/`c` text that ends in an odd number of backslashes goes on to the next line. */
function continues(line: string): boolean {
  return /(^|[^\\])(\\\\)*\\\s*$/.test(line);
}

class Scanner {
  #i = 0;
  constructor(
    readonly text: string,
    readonly brackets: boolean,
  ) {}
  done(): boolean {
    return this.#i >= this.text.length;
  }
  next(): string | undefined {
    return this.text[this.#i++];
  }
  skip(chars: string): void {
    while (!this.done() && chars.includes(this.text[this.#i] as string)) this.#i++;
  }
  until(stops: string): string {
    const start = this.#i;
    while (!this.done() && !stops.includes(this.text[this.#i] as string)) this.#i++;
    return this.text.slice(start, this.#i);
  }
  /**
   * Skips text up to an unescaped delimiter and the delimiter itself; in a
   * regular expression (when reading with brackets) a bracket expression
   * such as `[/]` or `[]/]` is skipped whole.
   */
  delimited(delimiter: string | undefined, regex: boolean): void {
    while (!this.done()) {
      const c = this.next();
      if (c === "\\") this.#i++;
      else if (c === delimiter) return;
      else if (c === "[" && regex && this.brackets) this.bracket();
    }
  }
  private bracket(): void {
    if (this.text[this.#i] === "^") this.#i++;
    if (this.text[this.#i] === "]") this.#i++;
    while (!this.done()) {
      const c = this.next();
      if (c === "]") return;
      if (c === "[" && ":.=".includes(this.text[this.#i] ?? "")) {
        const close = `${this.text[this.#i]}]`;
        const end = this.text.indexOf(close, this.#i + 1);
        if (end !== -1) this.#i = end + 2;
      }
    }
  }
  /** Skips an address or range: numbers, `$`, `/re/`, `\cREc`, steps and offsets. */
  address(): void {
    for (let part = 0; part < 2; part++) {
      const c = this.text[this.#i];
      if (c === "/") {
        this.#i++;
        this.delimited("/", true);
      } else if (c === "\\") {
        this.#i++;
        this.delimited(this.next(), true);
      } else this.skipWhile("0123456789$");
      this.skipWhile("0123456789~+I M");
      if (this.text[this.#i] !== ",") return;
      this.#i++;
    }
  }
  private skipWhile(chars: string): void {
    while (!this.done() && chars.includes(this.text[this.#i] as string)) this.#i++;
  }
}
