/** A shell command cut into simple commands by a quote-aware scan (not a full parser). */
export interface ShellSplit {
  /** The simple commands between `;`, `&&`, `||`, `|`, `|&`, `&` and newlines, trimmed, whitespace collapsed. */
  readonly pieces: readonly string[];
  /** True for one simple command with no operator, redirection, substitution or subshell. */
  readonly plain: boolean;
  /** False when quotes are unbalanced: the pieces cannot be trusted. */
  readonly balanced: boolean;
}

/** Collapses runs of whitespace and trims. */
export function normalizeCommand(command: string): string {
  return command.trim().replace(/\s+/g, " ");
}

/**
 * Splits at unquoted command separators. Anything that could run or write
 * beyond the simple command itself — `$(`, backticks, `<(`/`>(`, `(`/`)`,
 * `{`/`}` groups, `<`/`>` redirections — makes the command not `plain`.
 * `$(` and backticks count inside double quotes too, where the shell still
 * runs them.
 */
export function splitCommand(command: string): ShellSplit {
  const pieces: string[] = [];
  let current = "";
  let plain = true;
  let quote: "'" | '"' | undefined;
  const cut = () => {
    const piece = normalizeCommand(current);
    if (piece !== "") pieces.push(piece);
    current = "";
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    const after = command[i + 1];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      current += c;
      continue;
    }
    if (c === "\\" && i + 1 < command.length) {
      current += c + (after as string);
      i++;
      continue;
    }
    if ((c === "$" && after === "(") || c === "`") plain = false;
    if (quote === '"') {
      if (c === '"') quote = undefined;
      current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      current += c;
      continue;
    }
    if (c === ";" || c === "\n" || c === "&" || c === "|") {
      plain = false;
      cut();
      if ((c === "&" || c === "|") && (after === c || (c === "|" && after === "&"))) i++;
      continue;
    }
    if ("<>(){}".includes(c)) plain = false;
    current += c;
  }
  cut();
  const balanced = quote === undefined;
  return { pieces, plain: plain && balanced && pieces.length <= 1, balanced };
}

/**
 * Every fragment a deny rule should look at: the split pieces, further cut
 * at substitutions, parentheses and braces, with leading `NAME=value`
 * assignments and redirections dropped. Generous on purpose.
 */
export function denyFragments(command: string): string[] {
  const out = new Set<string>();
  for (const piece of command.split(/;|&&|\|\||\|&|\||&|\n|\$\(|`|<\(|>\(|\(|\)|\{|\}/)) {
    let words = normalizeCommand(piece);
    words = words.replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, "");
    words = words.replace(/^(?:\d*[<>]+&?\S*\s+)+/, "");
    if (words !== "") out.add(words);
  }
  return [...out];
}
