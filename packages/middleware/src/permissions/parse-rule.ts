import { homedir } from "node:os";
import picomatch from "picomatch";

/** A parsed permission rule. */
export interface ParsedRule {
  /** The rule as written, e.g. `Shell(git status*)`. */
  readonly source: string;
  /** Matches the tool name (exact, or `*` wildcards). */
  readonly tool: (name: string) => boolean;
  /** The text between the parentheses; undefined for `Tool` and `Tool(*)`, which match every call. */
  readonly pattern: string | undefined;
  /** The pattern as a path matcher (picomatch, dot files included). */
  readonly path: ((path: string) => boolean) | undefined;
  /**
   * Which form of a path the pattern is tested against: `absolute` for
   * `/...` and `~/...`, `anywhere` (both forms) for `**...`, `relative`
   * (to `ctx.cwd`, paths inside it only) for the rest.
   */
  readonly pathScope: "absolute" | "anywhere" | "relative";
  /** The pattern as a text matcher: `*` any run of characters, a trailing `:*` a word prefix. */
  readonly text: ((text: string) => boolean) | undefined;
}

const RULE = /^([A-Za-z0-9._*-]+)(?:\(([\s\S]+)\))?$/;

/** Parses `Tool` or `Tool(pattern)`; undefined when the text has neither shape. */
export function parseRule(source: string): ParsedRule | undefined {
  const m = RULE.exec(source.trim());
  if (!m) return undefined;
  const [, toolPart = "", rawPattern] = m;
  const tool = toolPart.includes("*") ? wildcard(toolPart) : (name: string) => name === toolPart;
  const pattern = rawPattern === undefined || rawPattern.trim() === "*" ? undefined : rawPattern.trim();
  if (pattern === undefined) {
    return { source, tool, pattern, path: undefined, pathScope: "relative", text: undefined };
  }
  let pathPattern = pattern.startsWith("./") ? pattern.slice(2) : pattern;
  if (pathPattern.startsWith("~/")) pathPattern = `${homedir()}/${pathPattern.slice(2)}`;
  const pathScope = pathPattern.startsWith("/")
    ? "absolute"
    : pathPattern.startsWith("**")
      ? "anywhere"
      : "relative";
  return {
    source,
    tool,
    pattern,
    path: picomatch(pathPattern, { dot: true }),
    pathScope,
    text: textMatcher(pattern),
  };
}

function textMatcher(pattern: string): (text: string) => boolean {
  const normalized = pattern.replace(/\s+/g, " ");
  if (normalized.endsWith(":*")) {
    const prefix = normalized.slice(0, -2).trimEnd();
    return (text) => text === prefix || text.startsWith(`${prefix} `);
  }
  return wildcard(normalized);
}

function wildcard(pattern: string): (text: string) => boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  const re = new RegExp(`^${source}$`);
  return (text) => re.test(text);
}
