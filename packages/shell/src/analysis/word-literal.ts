import type { ShNode, ShParser } from "./sh-parser.js";

/** Characters that make an unquoted word a glob pattern. */
const GLOB = new Set(["*", "?", "["]);

/**
 * The text a word stands for when it is fixed at parse time (plain, quoted or
 * escaped text); `undefined` when the shell computes it at run time
 * (expansions, substitutions, globs, brace or tilde expansion, `$'...'`).
 */
export function wordLiteral(parser: ShParser, word: unknown): string | undefined {
  if (parser.kind(word) !== "Word") return undefined;
  const parts = parser.list((word as ShNode).Parts);
  let text = "";
  for (const part of parts) {
    const piece = partLiteral(parser, part);
    if (piece === undefined) return undefined;
    text += piece;
  }
  const first = parts[0];
  if (first && parser.kind(first) === "Lit" && parser.text(first.Value).startsWith("~")) return undefined;
  return text;
}

function partLiteral(parser: ShParser, part: ShNode): string | undefined {
  switch (parser.kind(part)) {
    case "Lit":
      return unquoted(parser.text(part.Value));
    case "SglQuoted":
      return part.Dollar ? undefined : parser.text(part.Value);
    case "DblQuoted": {
      if (part.Dollar) return undefined;
      let text = "";
      for (const inner of parser.list(part.Parts)) {
        if (parser.kind(inner) !== "Lit") return undefined;
        text += doubleQuoted(parser.text(inner.Value));
      }
      return text;
    }
    default:
      return undefined;
  }
}

/** Unquoted text: a backslash quotes the next character; globs and brace expansion make it dynamic. */
function unquoted(raw: string): string | undefined {
  if (hasBraceExpansion(raw)) return undefined;
  let text = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === "\\") {
      const next = raw[++i];
      if (next !== undefined && next !== "\n") text += next;
      continue;
    }
    if (GLOB.has(c) && (c !== "[" || raw.includes("]", i))) return undefined;
    text += c;
  }
  return text;
}

/** Inside double quotes a backslash quotes only `$`, backquote, `"`, `\` and newline. */
function doubleQuoted(raw: string): string {
  let text = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    const next = raw[i + 1];
    if (c === "\\" && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== "\n") text += next;
      i++;
      continue;
    }
    text += c;
  }
  return text;
}

/** `{a,b}` or `{1..3}`: a brace with a comma or `..` before a closing brace. */
function hasBraceExpansion(raw: string): boolean {
  const open = raw.indexOf("{");
  if (open === -1) return false;
  const close = raw.lastIndexOf("}");
  if (close < open) return false;
  const inner = raw.slice(open + 1, close);
  return inner.includes(",") || inner.includes("..");
}
