import type { ShNode, ShParser } from "./sh-parser.js";
import { wordLiteral } from "./word-literal.js";

const ARITHMETIC = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Operands `[[ ]]` may compare as numbers: integers and the shell's own numeric parameters. */
const NUMBER = /^[+-]?\d+$/;

/**
 * Why a `[[ ... ]]` expression is not read-only. bash evaluates the operands
 * of `-eq`, `-lt`, ... as arithmetic and the operand of `-v`/`-R` as a name
 * with a subscript, both of which run `$(...)` found in them (even in a
 * quoted string or a variable's value), so those operands must be plain
 * numbers or names written in the command.
 */
export function checkTestExpr(
  parser: ShParser,
  expr: unknown,
  word: (word: unknown) => string | undefined,
): string | undefined {
  const type = parser.kind(expr);
  const node = expr as ShNode;
  switch (type) {
    case "Word":
      return word(node);
    case "ParenTest":
      return checkTestExpr(parser, node.X, word);
    case "UnaryTest": {
      const op = parser.testOps.get(node.Op as number);
      if (op === "-v" || op === "-R") {
        const name = wordLiteral(parser, node.X);
        if (name === undefined || !IDENTIFIER.test(name)) {
          return `\`[[ ${op} ... ]]\` with anything but a plain variable name evaluates an array subscript, which can run commands`;
        }
      }
      return checkTestExpr(parser, node.X, word);
    }
    case "BinaryTest": {
      const op = parser.testOps.get(node.Op as number);
      if (op === undefined) return "it uses a `[[ ]]` operator the analysis does not know";
      if (ARITHMETIC.has(op)) {
        for (const side of [node.X, node.Y]) {
          if (!isNumber(parser, side)) {
            return `\`[[ a ${op} b ]]\` evaluates its operands as arithmetic, which can run commands; compare plain numbers`;
          }
        }
      }
      return checkTestExpr(parser, node.X, word) ?? checkTestExpr(parser, node.Y, word);
    }
    default:
      return `it uses a \`${type ?? "nil"}\` test, which the analysis does not accept`;
  }
}

function isNumber(parser: ShParser, side: unknown): boolean {
  const text = wordLiteral(parser, side);
  if (text !== undefined) return NUMBER.test(text.trim());
  if (parser.kind(side) !== "Word") return false;
  const parts = parser.list((side as ShNode).Parts);
  const only = parts.length === 1 ? parts[0] : undefined;
  const inner =
    only !== undefined && parser.kind(only) === "DblQuoted" ? parser.list(only.Parts) : only ? [only] : [];
  if (inner.length !== 1) return false;
  const exp = inner[0] as ShNode;
  if (parser.kind(exp) !== "ParamExp") return false;
  const plain =
    !exp.Excl &&
    parser.kind(exp.Index) === undefined &&
    parser.kind(exp.Slice) === undefined &&
    parser.kind(exp.Repl) === undefined &&
    parser.kind(exp.Exp) === undefined;
  const name = parser.text((exp.Param as ShNode).Value);
  return plain && (exp.Length === true || /^[#?$!]$/.test(name));
}
