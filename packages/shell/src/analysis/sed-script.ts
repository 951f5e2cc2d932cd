/**
 * Reads a sed script far enough to tell whether it writes files (`w`, `W`,
 * the `w` flag of `s`) or runs commands (`e`, the `e` flag of `s`). Returns
 * the reason, or `undefined` for a script that only prints. Anything it does
 * not understand is reported, never assumed harmless.
 */
export function sedScriptEffect(script: string): string | undefined {
  const s = new Scanner(script);
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
        s.delimited(delimiter);
        s.delimited(delimiter);
        const flags = s.until(" \t\n;}");
        if (flags.includes("w")) return "the sed flag `s///w` writes to a file";
        if (flags.includes("e")) return "the sed flag `s///e` runs a shell command";
        break;
      }
      case "y": {
        const delimiter = s.next();
        s.delimited(delimiter);
        s.delimited(delimiter);
        break;
      }
      case "#":
      case ":":
      case "a":
      case "i":
      case "c":
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

class Scanner {
  #i = 0;
  constructor(readonly text: string) {}
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
  /** Skips text up to an unescaped delimiter and the delimiter itself. */
  delimited(delimiter: string | undefined): void {
    while (!this.done()) {
      const c = this.next();
      if (c === "\\") this.#i++;
      else if (c === delimiter) return;
    }
  }
  /** Skips an address or range: numbers, `$`, `/re/`, `\cREc`, steps and offsets. */
  address(): void {
    for (let part = 0; part < 2; part++) {
      const c = this.text[this.#i];
      if (c === "/") {
        this.#i++;
        this.delimited("/");
      } else if (c === "\\") {
        this.#i++;
        this.delimited(this.next());
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
