// The README side of the example harness (../readme-examples.test.ts): the
// ```ts blocks of a README, and the checks wrapped around the statements whose
// comment says what they give.
import ts from "typescript";

/** One ```ts block of a README. */
export interface ReadmeBlock {
  /** README line of the opening fence. */
  line: number;
  code: string;
  run: boolean;
  check: boolean;
  /** Why a `no-check` block is not checked. */
  reason: string;
}

/** The ```ts blocks of a README, with their flags and the line of each fence. */
export function extractBlocks(readme: string): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  const lines = readme.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```ts(?:\s+(.*))?$/.exec(lines[i] ?? "");
    if (!open) continue;
    const info = (open[1] ?? "").trim();
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i] ?? ""); i++) body.push(lines[i] ?? "");
    const noCheck = /^no-check\b/.test(info);
    blocks.push({
      line: start + 1,
      code: body.join("\n"),
      check: !noCheck,
      run: !noCheck && !/^no-run\b/.test(info),
      reason: noCheck ? info.replace(/^no-check\b[\s:-]*/, "") : "",
    });
  }
  return blocks;
}

/** What a comment says a statement gives: a JS literal, or (for console.log) the printed text. */
type Expected = { line: number; log: boolean } & (
  | { value: unknown }
  | { undefined: true }
  | { text: string }
);

const NOT_LITERAL = Symbol("not a literal");

/** The value of a literal expression (strings, numbers, booleans, null, undefined, arrays and objects of them). */
function literalValue(node: ts.Node): unknown {
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = literalValue(node.operand);
    return typeof inner === "number" ? -inner : NOT_LITERAL;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isIdentifier(node) && node.text === "undefined") return undefined;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map(literalValue);
    return items.includes(NOT_LITERAL) ? NOT_LITERAL : items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
        return NOT_LITERAL;
      const v = literalValue(p.initializer);
      if (v === NOT_LITERAL) return NOT_LITERAL;
      out[p.name.text] = v;
    }
    return out;
  }
  return NOT_LITERAL;
}

/** The literal a comment starts with (`[[0, 2], [1]]: Read c ...` starts with `[[0, 2], [1]]`), if any. */
function leadingLiteral(text: string): { value: unknown } | undefined {
  const ends = [text.length];
  for (let i = text.length - 1; i > 0; i--) if (/^(: | \(|, | — )/.test(text.slice(i))) ends.push(i);
  for (const end of ends) {
    const source = ts.createSourceFile("c.ts", `(${text.slice(0, end)});`, ts.ScriptTarget.Latest, true);
    const parseErrors = (source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
    const [only, ...rest] = source.statements;
    if (parseErrors.length > 0 || rest.length > 0 || !only || !ts.isExpressionStatement(only)) continue;
    const value = literalValue(only.expression);
    if (value !== NOT_LITERAL) return { value };
  }
  return undefined;
}

/**
 * The block with each top-level expression statement whose comment says what
 * it gives wrapped in a check (same lines, so errors point at the README):
 *
 *   out.textContent(); // "5"                 the value must be "5"
 *   console.log(reply.textContent());         what it prints must be these lines
 *   // line one                               ("..." in a comment stands for
 *   // line two                                anything)
 */
export function instrument(code: string, fenceLine: number): string {
  const source = ts.createSourceFile("block.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = code.split("\n");
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const expr = statement.expression;
    const log =
      ts.isCallExpression(expr) && expr.expression.getText(source) === "console.log" ? expr : undefined;
    const last = source.getLineAndCharacterOfPosition(statement.getEnd()).line;
    const trailing = /^\s*\/\/ ?(.*)$/.exec(
      lines[last]?.slice(source.getLineAndCharacterOfPosition(statement.getEnd()).character) ?? "",
    );
    const below: string[] = [];
    for (let i = last + 1; i < lines.length; i++) {
      const m = /^\s*\/\/ ?(.*)$/.exec(lines[i] ?? "");
      if (!m) break;
      below.push(m[1] ?? "");
    }
    const said = trailing ? [trailing[1] ?? "", ...(log ? below : [])] : below;
    if (said.length === 0) continue;
    const line = fenceLine + 1 + source.getLineAndCharacterOfPosition(statement.getStart(source)).line;
    const literal = leadingLiteral(said.join("\n"));
    let expected: Expected;
    if (literal)
      expected =
        literal.value === undefined
          ? { line, log: !!log, undefined: true }
          : { line, log: !!log, value: literal.value };
    else if (log) expected = { line, log: true, text: said.join("\n") };
    else continue;
    const spec = JSON.stringify(expected);
    if (log)
      edits.push({
        start: log.expression.getStart(source),
        end: log.expression.getEnd(),
        text: `globalThis.__readmeLog(${spec})`,
      });
    else {
      edits.push({
        start: expr.getStart(source),
        end: expr.getStart(source),
        text: `globalThis.__readmeValue(${spec}, `,
      });
      edits.push({ start: expr.getEnd(), end: expr.getEnd(), text: ")" });
    }
  }
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
