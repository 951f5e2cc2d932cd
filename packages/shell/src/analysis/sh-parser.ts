import { createRequire } from "node:module";

/** A node of mvdan/sh's syntax tree, as its JavaScript build exposes it (Go field names). */
export interface ShNode {
  readonly [field: string]: unknown;
}

/** The part of mvdan-sh's `syntax` namespace this package uses. */
interface ShSyntax {
  NewParser(): { Parse(src: string, name: string): ShNode };
  NodeType(node: ShNode): string;
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
}

/** The parser and the operator numbers of the loaded mvdan-sh build. */
export interface ShParser {
  /** Parses a whole script; throws `ShParseError` on a syntax error. */
  parse(source: string): ShNode;
  nodeType(node: ShNode): string;
  walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  /** Redirection operator numbers mapped to their spelling (`>`, `>>`, `<<`, ...). */
  readonly redirectOps: ReadonlyMap<number, string>;
  /** Parameter-expansion operator numbers that assign (`${x=y}`, `${x:=y}`). */
  readonly assigningExpansionOps: ReadonlySet<number>;
}

/** A command that mvdan/sh could not parse. */
export class ShParseError extends Error {
  override readonly name = "ShParseError";
}

let loaded: ShParser | undefined;

/**
 * The shell parser (mvdan/sh compiled to JavaScript), loaded on first use so
 * that importing the package stays cheap. Operator numbers are learnt from
 * the build itself by parsing one sample of each operator.
 */
export function shParser(): ShParser {
  loaded ??= load();
  return loaded;
}

function load(): ShParser {
  const require = createRequire(import.meta.url);
  const syntax = (require("mvdan-sh") as { syntax: ShSyntax }).syntax;
  const parser = syntax.NewParser();
  const parse = (source: string): ShNode => {
    try {
      return parser.Parse(source, "command");
    } catch (error) {
      throw new ShParseError(describeParseError(error), { cause: error });
    }
  };
  const firstStmt = (source: string) => (parse(source).Stmts as ShNode[])[0] as ShNode;
  const redirectOps = new Map<number, string>();
  for (const [op, sample] of REDIRECT_SAMPLES) {
    const redirect = (firstStmt(sample).Redirs as ShNode[])[0] as ShNode;
    redirectOps.set(redirect.Op as number, op);
  }
  const assigningExpansionOps = new Set<number>();
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  for (const sample of ["echo ${x=y}", "echo ${x:=y}"]) {
    syntax.Walk(parse(sample), (node) => {
      if (node && syntax.NodeType(node) === "ParamExp") {
        assigningExpansionOps.add((node.Exp as ShNode).Op as number);
      }
      return true;
    });
  }
  return {
    parse,
    nodeType: (node) => syntax.NodeType(node),
    walk: (node, visit) => syntax.Walk(node, visit),
    redirectOps,
    assigningExpansionOps,
  };
}

const REDIRECT_SAMPLES: ReadonlyArray<readonly [string, string]> = [
  [">", "a >b"],
  [">>", "a >>b"],
  ["<", "a <b"],
  ["<>", "a <>b"],
  [">|", "a >|b"],
  ["&>", "a &>b"],
  ["&>>", "a &>>b"],
  [">&", "a >&b"],
  ["<&", "a <&b"],
  ["<<", "a <<E\nE\n"],
  ["<<-", "a <<-E\nE\n"],
  ["<<<", "a <<<b"],
];

function describeParseError(error: unknown): string {
  if (error !== null && typeof error === "object" && "Error" in error && typeof error.Error === "function") {
    return String(error.Error()).replace(/^command:/, "");
  }
  return error instanceof Error ? error.message : String(error);
}
