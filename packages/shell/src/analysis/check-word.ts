import type { ShNode, ShParser } from "./sh-parser.js";
import { wordLiteral } from "./word-literal.js";

/** `${x@OP}` operators that only transform the value (`P` expands it as a prompt, running `$(...)`). */
const SAFE_TRANSFORMS = new Set(["Q", "E", "U", "u", "L", "a", "A", "K", "k"]);

/**
 * Why one part of a word is not read-only: substitutions run commands,
 * arithmetic can assign and evaluate subscripts, and some parameter
 * expansions evaluate text at run time (`${!x}`, `${x@P}`, subscripts and
 * offsets). `word` checks the words nested inside.
 */
export function checkWordPart(
  parser: ShParser,
  part: ShNode,
  word: (inner: unknown) => string | undefined,
): string | undefined {
  const type = parser.kind(part);
  switch (type) {
    case "Lit":
    case "SglQuoted":
    case "ExtGlob":
      return undefined;
    case "DblQuoted":
      for (const inner of parser.list(part.Parts)) {
        const reason = checkWordPart(parser, inner, word);
        if (reason !== undefined) return reason;
      }
      return undefined;
    case "CmdSubst":
      return "it runs a command substitution (`$(...)` or backquotes)";
    case "ProcSubst":
      return "it runs a process substitution (`<(...)` or `>(...)`)";
    case "ArithmExp":
      return "it uses arithmetic expansion, which can assign variables";
    case "ParamExp":
      return checkParamExp(parser, part, word);
    case "BraceExp":
      for (const elem of parser.list(part.Elems)) {
        const reason = word(elem);
        if (reason !== undefined) return reason;
      }
      return undefined;
    default:
      return `it uses a \`${type ?? "nil"}\` word part, which the analysis does not accept`;
  }
}

function checkParamExp(
  parser: ShParser,
  exp: ShNode,
  word: (inner: unknown) => string | undefined,
): string | undefined {
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: shell syntax, not templates
  if (exp.Excl) return "an indirect expansion (`${!name}`) evaluates a name computed at run time";
  if (exp.Width) return "it uses a `${%name}` expansion, which the analysis does not accept";
  if (parser.kind(exp.Index) !== undefined) {
    const index = wordLiteral(parser, exp.Index);
    if (index !== "@" && index !== "*" && !isNumber(parser, exp.Index)) {
      return "an array subscript (`${a[...]}`) is evaluated as arithmetic, which can run commands";
    }
  }
  const slice = exp.Slice;
  if (parser.kind(slice) !== undefined) {
    for (const bound of [(slice as ShNode).Offset, (slice as ShNode).Length]) {
      if (parser.kind(bound) !== undefined && !isNumber(parser, bound)) {
        return "a substring offset (`${x:a:b}`) is evaluated as arithmetic, which can run commands";
      }
    }
  }
  const repl = exp.Repl;
  if (parser.kind(repl) !== undefined) {
    const reason = word((repl as ShNode).Orig) ?? word((repl as ShNode).With);
    if (reason !== undefined) return reason;
  }
  const expansion = exp.Exp;
  if (parser.kind(expansion) !== undefined) {
    const op = parser.expansionOps.get((expansion as ShNode).Op as number);
    if (op === "=" || op === ":=") return "a parameter expansion assigns a variable (`${name=value}`)";
    if (op === undefined) return "it uses a parameter expansion operator the analysis does not know";
    if (op === "@") {
      const transform = wordLiteral(parser, (expansion as ShNode).Word);
      if (transform === undefined || !SAFE_TRANSFORMS.has(transform)) {
        return `\`\${name@${transform ?? "?"}}\` ${transform === "P" ? "expands the value as a prompt, running the commands in it" : "is a transformation the analysis does not know"}`;
      }
      return undefined;
    }
    return word((expansion as ShNode).Word);
  }
  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: shell syntax, not templates
  return undefined;
}

/** An arithmetic operand that is a number written in the command: `3`, `-1`, `(-1)`. */
function isNumber(parser: ShParser, node: unknown): boolean {
  switch (parser.kind(node)) {
    case "Word":
      return /^\s*[+-]?\d+\s*$/.test(wordLiteral(parser, node) ?? "");
    case "UnaryArithm":
    case "ParenArithm":
      return isNumber(parser, (node as ShNode).X);
    default:
      return false;
  }
}
