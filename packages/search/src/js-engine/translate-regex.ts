import { invalid, newlineError, unsupported } from "./regex-errors.js";
import {
  atomMatchesNewline,
  endsWithWordChar,
  groupAlternatives,
  isWordChar,
  startsWithWordChar,
} from "./regex-pieces.js";

/** A ripgrep pattern turned into a JavaScript RegExp with the same answers. */
export interface TranslatedRegex {
  readonly source: string;
  readonly flags: string;
  /**
   * Whether some part of the pattern can match a line terminator (only in
   * multiline mode). ripgrep then counts every match, not every line.
   */
  readonly matchesNewline: boolean;
}

/** ripgrep's Unicode `\w`: letters, marks, decimal digits, connector punctuation, joiners. */
const WORD = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}";
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);

/**
 * Translates ripgrep's (Rust regex) syntax into an equivalent JavaScript
 * regular expression for the pure-JS engine. Unicode-aware like ripgrep:
 * `\w`, `\d`, `\s`, `\b` are Unicode classes; `.` never matches a newline;
 * `^`/`$` match at line boundaries; without `multiline`, no class can match a
 * newline. Syntax ripgrep rejects (look-around, backreferences) is an invalid
 * pattern; syntax the JS engine cannot honour identically (inline flags,
 * Unicode property names, POSIX and nested classes, set operations) is
 * refused with an `InvalidInput` that points to the ripgrep engine.
 */
export function translateRegex(options: {
  pattern: string;
  fixedStrings?: boolean;
  caseInsensitive?: boolean;
  multiline?: boolean;
}): TranslatedRegex {
  const { pattern, fixedStrings = false, caseInsensitive = false, multiline = false } = options;
  const flags = `gu${caseInsensitive ? "i" : ""}`;
  if (!multiline && pattern.includes("\n")) throw newlineError();
  const translator = fixedStrings ? undefined : new Translator(pattern, multiline, caseInsensitive);
  const source = translator === undefined ? [...pattern].map(literal).join("") : translator.run();
  try {
    new RegExp(source, flags);
  } catch (error) {
    throw invalid(pattern, error instanceof Error ? error.message : String(error));
  }
  const matchesNewline =
    multiline && (translator === undefined ? pattern.includes("\n") : translator.matchesNewline);
  return { source, flags, matchesNewline };
}

function literal(c: string): string {
  return SYNTAX.has(c) ? `\\${c}` : c;
}

class Translator {
  #i = 0;
  readonly #p: string;
  readonly #multiline: boolean;
  readonly #flags: string;
  /** Whether the last emitted atom was a literal word character (lets `\b` take a cheaper form). */
  #afterWordChar = false;
  /** Offsets of the groups still open. */
  readonly #opens: number[] = [];
  /** Whether some emitted atom matches "\n". */
  matchesNewline = false;

  constructor(pattern: string, multiline: boolean, caseInsensitive: boolean) {
    this.#p = pattern;
    this.#multiline = multiline;
    this.#flags = caseInsensitive ? "ui" : "u";
  }

  run(): string {
    let out = "";
    while (this.#i < this.#p.length) {
      const atom = this.#atom();
      if (this.#multiline && !this.matchesNewline)
        this.matchesNewline = atomMatchesNewline(atom, this.#flags);
      out += atom;
    }
    return out;
  }

  #atom(): string {
    const c = this.#p[this.#i++] as string;
    const wasAfterWord = this.#afterWordChar;
    this.#afterWordChar = false;
    switch (c) {
      case "\\":
        return this.#escape(wasAfterWord);
      case ".":
        return "[^\\n]";
      case "^":
        return "(?<![^\\n])";
      case "$":
        return "(?![^\\n])";
      case "[":
        return this.#class();
      case "(":
        return this.#group();
      case "{":
        return this.#repetition();
      case "]":
      case "}":
        return `\\${c}`;
      case "|":
        return c;
      case ")": {
        const open = this.#opens.pop();
        const alternatives = open === undefined ? undefined : groupAlternatives(this.#p, open);
        // A group whose every alternative ends in a word character lets a following \b be cheap.
        this.#afterWordChar = alternatives?.every((a) => endsWithWordChar(a)) ?? false;
        return c;
      }
      case "*":
      case "+":
      case "?":
        return this.#p[this.#i] === "+" ? this.#fail("a possessive quantifier") : c;
      default:
        this.#afterWordChar = isWordChar(c);
        return literal(c);
    }
  }

  #fail(what: string): never {
    throw invalid(this.#p, `${what} at offset ${this.#i}`);
  }

  #repetition(): string {
    const m = /^(\d+)(,(\d*))?\}(\??)/.exec(this.#p.slice(this.#i));
    if (!m) this.#fail("repetition quantifier expects a valid decimal");
    this.#i += m[0].length;
    return `{${m[1]}${m[2] ?? ""}}${m[4]}`;
  }

  #group(): string {
    this.#opens.push(this.#i - 1);
    if (this.#p[this.#i] !== "?") return "(";
    const rest = this.#p.slice(this.#i);
    if (rest.startsWith("?:")) {
      this.#i += 2;
      return "(?:";
    }
    const named = /^\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
    if (named) {
      this.#i += named[0].length;
      return `(?<${named[1]}>`;
    }
    if (/^\?(=|!|<=|<!)/.test(rest))
      this.#fail("look-around, including look-ahead and look-behind, is not supported");
    throw unsupported(this.#p, "inline flags (such as (?i) or (?s:...))");
  }

  #escape(afterWord: boolean): string {
    const c = this.#p[this.#i++];
    if (c === undefined) this.#fail("incomplete escape sequence");
    const char = this.#characterEscape(c);
    if (char !== undefined) return char;
    const notNl = this.#multiline ? "" : "\\n";
    switch (c) {
      case "d":
        return "\\p{Nd}";
      case "D":
        return `[^\\p{Nd}${notNl}]`;
      case "w":
        return `[${WORD}]`;
      case "W":
        return `[^${WORD}${notNl}]`;
      case "s":
        return this.#multiline ? "\\p{White_Space}" : "[^\\P{White_Space}\\n]";
      case "S":
        return "\\P{White_Space}";
      case "b":
        return this.#boundary(afterWord);
      case "B":
        return `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`;
      case "A":
        return "(?<![\\s\\S])";
      case "z":
        return "(?![\\s\\S])";
      case "p":
      case "P":
        throw unsupported(this.#p, "a Unicode property class (\\p{...})");
      default:
        if (/[0-9]/.test(c)) this.#fail("backreferences are not supported");
        if (/[A-Za-z]/.test(c)) this.#fail(`unrecognized escape sequence \\${c}`);
        this.#afterWordChar = false;
        return literal(c);
    }
  }

  /**
   * The escapes that stand for one character and read the same inside and
   * outside a class (`\n`, `\t`, `\r`, `\f`, `\v`, `\a`, `\x..`, `\u....`,
   * `\U........`); `undefined` for any other escape letter.
   */
  #characterEscape(c: string): string | undefined {
    switch (c) {
      case "n":
        if (!this.#multiline) throw newlineError();
        return "\\n";
      case "t":
      case "r":
      case "f":
      case "v":
        return `\\${c}`;
      case "a":
        return "\\x07";
      case "x":
      case "u":
      case "U":
        return this.#hex(c);
      default:
        return undefined;
    }
  }

  #boundary(afterWord: boolean): string {
    if (afterWord) return `(?![${WORD}])`;
    const next = this.#p[this.#i];
    if (next !== undefined && startsWithWordChar(this.#p.slice(this.#i))) return `(?<![${WORD}])`;
    if (next === "(") {
      const alternatives = groupAlternatives(this.#p, this.#i);
      if (alternatives?.every((a) => startsWithWordChar(a))) return `(?<![${WORD}])`;
    }
    return `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`;
  }

  #hex(kind: string): string {
    const rest = this.#p.slice(this.#i);
    const braced = /^\{([0-9A-Fa-f]{1,8})\}/.exec(rest);
    const width = kind === "x" ? 2 : kind === "u" ? 4 : 8;
    const plain = new RegExp(`^[0-9A-Fa-f]{${width}}`).exec(rest);
    const digits = braced?.[1] ?? plain?.[0];
    if (digits === undefined) this.#fail(`invalid hexadecimal escape \\${kind}`);
    this.#i += (braced ?? plain)?.[0].length ?? 0;
    const code = Number.parseInt(digits, 16);
    if (code > 0x10ffff) this.#fail("hexadecimal escape out of range");
    if (code === 10 && !this.#multiline) throw newlineError();
    return `\\u{${code.toString(16)}}`;
  }

  #class(): string {
    let out = "[";
    if (this.#p[this.#i] === "^") {
      out += "^";
      this.#i++;
    }
    const negated = out === "[^";
    let first = true;
    for (;;) {
      const c = this.#p[this.#i++];
      if (c === undefined) this.#fail("unclosed character class");
      if (c === "]" && !first) break;
      first = false;
      if (c === "[") {
        throw unsupported(this.#p, "a nested or POSIX character class ([[...]] or [[:alpha:]])");
      }
      const two = this.#p.slice(this.#i - 1, this.#i + 1);
      if (two === "&&" || two === "--" || two === "~~") {
        throw unsupported(this.#p, `a class set operation (${two})`);
      }
      if (c === "\n" && !this.#multiline) throw newlineError();
      out += c === "\\" ? this.#classEscape() : c === "]" || c === "^" ? `\\${c}` : c;
    }
    if (this.#multiline) return `${out}]`;
    if (negated) return `${out}\\n]`;
    // Outside multiline mode ripgrep takes the line terminator out of every class; a positive
    // class such as [\s], [\D] or [\S\s] would match it here, so a look-ahead keeps it out.
    const cls = `${out}]`;
    return classMatchesNewline(cls, this.#flags) ? `(?:(?!\\n)${cls})` : cls;
  }

  #classEscape(): string {
    const c = this.#p[this.#i++];
    if (c === undefined) this.#fail("incomplete escape sequence");
    const char = this.#characterEscape(c);
    if (char !== undefined) return char;
    switch (c) {
      case "d":
        return "\\p{Nd}";
      case "D":
        return "\\P{Nd}";
      case "w":
        return WORD;
      case "s":
        return "\\p{White_Space}";
      case "S":
        return "\\P{White_Space}";
      case "W":
      case "p":
      case "P":
        throw unsupported(this.#p, `\\${c} inside a character class`);
      default:
        if (/[A-Za-z0-9]/.test(c)) this.#fail(`unrecognized escape sequence \\${c}`);
        return SYNTAX.has(c) || c === "-" ? `\\${c}` : c;
    }
  }
}

/** Whether a class matches "\n"; false for a malformed one, which `translateRegex` reports as a whole. */
function classMatchesNewline(cls: string, flags: string): boolean {
  try {
    return new RegExp(cls, flags).test("\n");
  } catch {
    return false;
  }
}
