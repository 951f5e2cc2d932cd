import { createRequire } from "node:module";

/**
 * A node of mvdan/sh's syntax tree: the Go value inside the GopherJS build
 * (Go field names; slices as `{$array, $offset, $length}`). Read through the
 * helpers of `ShParser`, never through the package's wrapper objects, whose
 * every field access converts a whole subtree (hundreds of microseconds).
 */
export interface ShNode {
  readonly [field: string]: unknown;
}

/** The part of mvdan-sh's `syntax` namespace this package uses. */
interface ShSyntax {
  NewParser(): { Parse(src: string, name: string): { __internal_object__: ShNode } };
}

/** The parser, the node accessors and the operator numbers of the loaded mvdan-sh build. */
export interface ShParser {
  /** Parses a whole script into its `File` node; throws `ShParseError` on a syntax error. */
  parse(source: string): ShNode;
  /** The Go type name of a node (`CallExpr`, `Lit`, ...); `undefined` for a nil pointer or interface. */
  kind(value: unknown): string | undefined;
  /** The nodes of a Go slice field. */
  list(value: unknown): ShNode[];
  /** A Go string field as JavaScript text (GopherJS keeps strings as UTF-8 bytes). */
  text(value: unknown): string;
  /** Redirection operator numbers mapped to their spelling (`>`, `>>`, `<<`, ...). */
  readonly redirectOps: ReadonlyMap<number, string>;
  /** Parameter-expansion operator numbers mapped to their spelling (`:-`, `=`, `@`, ...). */
  readonly expansionOps: ReadonlyMap<number, string>;
  /** `[[ ]]` operator numbers mapped to their spelling (`-v`, `-eq`, `==`, ...). */
  readonly testOps: ReadonlyMap<number, string>;
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

/** Drops the loaded parser, so that the next call starts from a fresh one (after an unexpected failure). */
export function resetShParser(): void {
  loaded = undefined;
}

function load(): ShParser {
  const require = createRequire(import.meta.url);
  const syntax = (require("mvdan-sh") as { syntax: ShSyntax }).syntax;
  const parser = syntax.NewParser();
  const parse = (source: string): ShNode => {
    let file: { __internal_object__: ShNode };
    try {
      file = parser.Parse(source, "command");
    } catch (error) {
      if (isGoError(error)) throw new ShParseError(describeParseError(error), { cause: error });
      throw error;
    }
    return file.__internal_object__;
  };
  const accessors = { kind, list, text };
  const firstCmd = (source: string) => (list(parse(source).Stmts)[0] as ShNode).Cmd as ShNode;
  const redirectOps = new Map<number, string>();
  for (const [op, sample] of REDIRECT_SAMPLES) {
    const stmt = list(parse(sample).Stmts)[0] as ShNode;
    redirectOps.set((list(stmt.Redirs)[0] as ShNode).Op as number, op);
  }
  const expansionOps = new Map<number, string>();
  for (const op of EXPANSION_SAMPLES) {
    const word = list((firstCmd(`echo \${x${op}${op === "@" ? "Q" : "y"}}`) as ShNode).Args)[1] as ShNode;
    const exp = (list(word.Parts)[0] as ShNode).Exp as ShNode;
    expansionOps.set(exp.Op as number, op);
  }
  const testOps = new Map<number, string>();
  for (const op of UNARY_TESTS) {
    testOps.set(((firstCmd(`[[ ${op} x ]]`) as ShNode).X as ShNode).Op as number, op);
  }
  for (const op of BINARY_TESTS) {
    testOps.set(((firstCmd(`[[ a ${op} b ]]`) as ShNode).X as ShNode).Op as number, op);
  }
  return { parse, ...accessors, redirectOps, expansionOps, testOps };
}

function kind(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const type = (value as { constructor?: { string?: unknown; nil?: unknown } }).constructor;
  if (type === undefined || typeof type.string !== "string" || type.nil === value) return undefined;
  return type.string.startsWith("*syntax.") ? type.string.slice(8) : type.string;
}

function list(value: unknown): ShNode[] {
  if (value === null || typeof value !== "object" || !("$array" in value)) return [];
  const slice = value as { $array: ShNode[]; $offset: number; $length: number };
  return slice.$array.slice(slice.$offset, slice.$offset + slice.$length);
}

function text(value: unknown): string {
  if (typeof value !== "string") return "";
  // GopherJS strings hold one UTF-8 byte per character; ASCII needs no decoding.
  return /^[\x00-\x7f]*$/.test(value) ? value : Buffer.from(value, "latin1").toString("utf8");
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

const EXPANSION_SAMPLES = [
  "+",
  ":+",
  "-",
  ":-",
  "?",
  ":?",
  "=",
  ":=",
  "%",
  "%%",
  "#",
  "##",
  "^",
  "^^",
  ",",
  ",,",
  "@",
];

const UNARY_TESTS = [
  "-e",
  "-a",
  "-f",
  "-d",
  "-c",
  "-b",
  "-p",
  "-S",
  "-L",
  "-h",
  "-k",
  "-g",
  "-u",
  "-G",
  "-O",
  "-N",
  "-r",
  "-w",
  "-x",
  "-s",
  "-t",
  "-z",
  "-n",
  "-o",
  "-v",
  "-R",
];

const BINARY_TESTS = [
  "=~",
  "-nt",
  "-ot",
  "-ef",
  "-eq",
  "-ne",
  "-le",
  "-ge",
  "-lt",
  "-gt",
  "&&",
  "||",
  "==",
  "=",
  "!=",
  "<",
  ">",
];

function isGoError(error: unknown): error is { Error(): unknown } {
  return (
    error !== null &&
    typeof error === "object" &&
    "Error" in error &&
    typeof (error as { Error: unknown }).Error === "function"
  );
}

function describeParseError(error: { Error(): unknown }): string {
  return String(error.Error()).replace(/^command:/, "");
}
