/** One compiled line of a gitignore-format file. */
interface Rule {
  readonly regex: RegExp;
  readonly negated: boolean;
  readonly dirOnly: boolean;
  /** A pattern without "/" matches the last segment only, at any depth. */
  readonly nameOnly: boolean;
}

/** What the rules say about a path: the last matching rule decides. */
export type RuleVerdict = "ignore" | "include" | undefined;

/** Rules of one gitignore-format text, compiled once. */
export interface GitignoreRules {
  /** The verdict for a path relative to the rules' directory ("/"-separated, no trailing slash). */
  test(relative: string, isDir: boolean): RuleVerdict;
}

/**
 * Compiles gitignore-format text with git's semantics (gitignore(5) and
 * wildmatch): comments, `\` escapes, trailing-space trimming, `!` negation,
 * a trailing `/` for directories only, a `/` anywhere else anchoring the
 * pattern to the file's directory (otherwise it matches a name at any
 * depth), `*`, `?`, `[...]` not crossing "/", and `**` segments. Pure.
 */
export function compileGitignore(text: string): GitignoreRules {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const rule = compileLine(raw);
    if (rule) rules.push(rule);
  }
  return {
    test(relative, isDir) {
      const name = relative.slice(relative.lastIndexOf("/") + 1);
      for (let i = rules.length - 1; i >= 0; i--) {
        const rule = rules[i] as Rule;
        if (rule.dirOnly && !isDir) continue;
        if (rule.regex.test(rule.nameOnly ? name : relative)) {
          return rule.negated ? "include" : "ignore";
        }
      }
      return undefined;
    },
  };
}

function compileLine(raw: string): Rule | undefined {
  let line = raw.replace(/(?<!\\) +$/, "");
  if (line === "" || line.startsWith("#")) return undefined;
  let negated = false;
  if (line.startsWith("!")) {
    negated = true;
    line = line.slice(1);
  }
  let dirOnly = false;
  if (line.endsWith("/") && !line.endsWith("\\/")) {
    dirOnly = true;
    line = line.replace(/\/+$/, "");
  }
  if (line === "") return undefined;
  const anchored = line.includes("/");
  if (line.startsWith("/")) line = line.slice(1);
  return { regex: new RegExp(`^${translate(line)}$`, "s"), negated, dirOnly, nameOnly: !anchored };
}

/** A wildmatch pattern (with WM_PATHNAME) as a regex body. */
function translate(pattern: string): string {
  const segments = pattern.split("/");
  let out = "";
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "**") {
      if (segments.length === 1) out += ".*";
      else if (i === 0) out += "(?:.*/)?";
      else if (last) out += "/.*";
      else out += "(?:/.*)?/";
      return;
    }
    if (i > 0 && segments[i - 1] !== "**") out += "/";
    out += translateSegment(segment);
  });
  return out;
}

function translateSegment(segment: string): string {
  let out = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === "\\") {
      const next = segment[++i];
      if (next !== undefined) out += escapeChar(next);
    } else if (c === "*") {
      while (segment[i + 1] === "*") i++;
      out += "[^/]*";
    } else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const end = classEnd(segment, i);
      if (end === -1) out += "\\[";
      else {
        out += translateClass(segment.slice(i + 1, end));
        i = end;
      }
    } else out += escapeChar(c);
  }
  return out;
}

/** The index of the "]" closing the class opened at `start`, or -1. */
function classEnd(segment: string, start: number): number {
  let i = start + 1;
  if (segment[i] === "!" || segment[i] === "^") i++;
  if (segment[i] === "]") i++;
  for (; i < segment.length; i++) {
    if (segment[i] === "\\") i++;
    else if (segment[i] === "]") return i;
  }
  return -1;
}

function translateClass(body: string): string {
  let out = "[";
  let i = 0;
  if (body[0] === "!" || body[0] === "^") {
    out += "^/";
    i = 1;
  }
  for (; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\") {
      const next = body[++i];
      if (next !== undefined) out += `\\${next}`;
    } else if (c === "]" || c === "[" || c === "^") out += `\\${c}`;
    else out += c;
  }
  return `${out}]`;
}

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}
