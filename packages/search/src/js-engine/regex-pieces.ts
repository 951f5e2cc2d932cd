// Pure helpers of the regex translator: reading a pattern's pieces.

/** Whether a pattern piece begins with a literal word character that must be present. */
export function startsWithWordChar(piece: string): boolean {
  const first = piece[0];
  return first !== undefined && isWordChar(first) && !/^[*?{]/.test(piece[1] ?? "");
}

/** Whether a pattern piece ends with a literal word character (not an escape such as \d, not quantified). */
export function endsWithWordChar(piece: string): boolean {
  const last = piece[piece.length - 1];
  return last !== undefined && isWordChar(last) && piece[piece.length - 2] !== "\\";
}

/**
 * The top-level alternatives of the group opened at `open` (its prefix such
 * as "?:" or "?P<n>" removed), or undefined when it cannot be read simply.
 */
export function groupAlternatives(pattern: string, open: number): string[] | undefined {
  let depth = 0;
  let from = open + 1;
  const prefix = /^\?(?::|P?<[A-Za-z_][A-Za-z0-9_]*>)/.exec(pattern.slice(from));
  if (prefix) from += prefix[0].length;
  const parts: string[] = [];
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close === -1) return undefined;
      i = close;
    } else if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) {
        parts.push(pattern.slice(from, i));
        return parts;
      }
      depth--;
    } else if (c === "|" && depth === 0) {
      parts.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}

/** Whether one translated atom (a literal, class or escape) matches "\n"; structure never does. */
export function atomMatchesNewline(atom: string, flags: string): boolean {
  try {
    return new RegExp(`^(?:${atom})$`, flags).test("\n");
  } catch {
    return false;
  }
}

/** Whether one character is a word character in ripgrep's Unicode sense. */
export function isWordChar(c: string): boolean {
  return /^[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]$/u.test(c);
}
