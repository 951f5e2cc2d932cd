import { READ_ONLY_COMMANDS } from "./read-only-commands.js";
import { checkRedirect } from "./check-redirect.js";
import { type ShNode, ShParseError, type ShParser, shParser } from "./sh-parser.js";
import { wordLiteral } from "./word-literal.js";

/** What `analyzeCommand` decides about a command line. */
export interface CommandAnalysis {
  /** True when every part of the command only reads. */
  readonly readOnly: boolean;
  /** What disqualified the command (absent when it is read-only). */
  readonly reason?: string;
}

/** Node types that only group or connect statements; their children are checked. */
const STRUCTURE = new Set([
  "File",
  "Stmt",
  "BinaryCmd",
  "Subshell",
  "Block",
  "IfClause",
  "WhileClause",
  "ForClause",
  "WordIter",
  "CaseClause",
  "CaseItem",
  "TestClause",
  "TimeClause",
  "Word",
  "Lit",
  "SglQuoted",
  "DblQuoted",
  "BraceExp",
  "ExtGlob",
  "Comment",
  "Redirect",
  "CallExpr",
  "ParamExp",
  "UnaryTest",
  "BinaryTest",
  "ParenTest",
]);

/** Constructs that are never read-only, and why. */
const REFUSED: ReadonlyMap<string, string> = new Map([
  ["CmdSubst", "it runs a command substitution (`$(...)` or backquotes)"],
  ["ProcSubst", "it runs a process substitution (`<(...)` or `>(...)`)"],
  ["ArithmExp", "it uses arithmetic expansion, which can assign variables"],
  ["ArithmCmd", "it uses an arithmetic command, which can assign variables"],
  ["LetClause", "`let` assigns variables"],
  ["CStyleLoop", "it uses a C-style `for` loop, which assigns variables"],
  ["FuncDecl", "it defines a function"],
  ["DeclClause", "it declares variables (`export`, `declare`, `local`, `readonly`)"],
  ["CoprocClause", "it starts a coprocess"],
  ["TestDecl", "it declares a test"],
]);

/**
 * Decides whether a command line only reads, using a real shell parser
 * (mvdan/sh). Read-only means: every simple command is on the read-only list
 * and passes its argument check (`find` without `-delete`/`-exec`, `sed`
 * without `-i`, reading `git` subcommands, ...); no redirection writes a
 * file; no command or process substitution, assignment, function,
 * background job or coprocess. Pipelines, `&&`, `||`, `;`, subshells and
 * control flow of read-only commands are read-only. Never throws. Takes the
 * command as its one argument (the pinned signature the permission
 * middleware calls).
 *
 * @example
 * analyzeCommand("git log | head");  // { readOnly: true }
 * analyzeCommand("ls > out.txt");    // { readOnly: false, reason: "`>` writes to the file `out.txt`" }
 */
export function analyzeCommand(command: string): CommandAnalysis {
  if (typeof command !== "string" || command.trim() === "") {
    return { readOnly: false, reason: "the command is empty" };
  }
  const parser = shParser();
  let file: ShNode;
  try {
    file = parser.parse(command);
  } catch (error) {
    if (error instanceof ShParseError)
      return { readOnly: false, reason: `it does not parse: ${error.message}` };
    throw error;
  }
  const reason = firstDisqualifier(parser, file);
  return reason === undefined ? { readOnly: true } : { readOnly: false, reason };
}

function firstDisqualifier(parser: ShParser, file: ShNode): string | undefined {
  let reason: string | undefined;
  parser.walk(file, (node) => {
    if (node === null || reason !== undefined) return false;
    reason = checkNode(parser, node);
    return reason === undefined;
  });
  return reason;
}

function checkNode(parser: ShParser, node: ShNode): string | undefined {
  const type = parser.nodeType(node);
  const refused = REFUSED.get(type);
  if (refused !== undefined) return refused;
  switch (type) {
    case "Stmt":
      if (node.Background) return "it runs a command in the background (`&`)";
      if (node.Coprocess) return "it starts a coprocess";
      return undefined;
    case "CallExpr":
      return checkCall(parser, node);
    case "Redirect":
      return checkRedirect(parser, node);
    case "ParamExp": {
      const exp = node.Exp as ShNode | null;
      return exp && parser.assigningExpansionOps.has(exp.Op as number)
        ? // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
          "a parameter expansion assigns a variable (`${name=value}`)"
        : undefined;
    }
    default:
      return STRUCTURE.has(type)
        ? undefined
        : `it uses a \`${type}\` construct, which the analysis does not accept`;
  }
}

function checkCall(parser: ShParser, call: ShNode): string | undefined {
  const assigns = call.Assigns as ShNode[];
  const args = call.Args as ShNode[];
  const first = assigns[0];
  if (first !== undefined) {
    const name = String((first.Name as ShNode | null)?.Value ?? "");
    return args.length === 0
      ? `it assigns the variable \`${name}\``
      : `it sets \`${name}\` for the command (an assignment prefix)`;
  }
  const head = args[0];
  if (head === undefined) return undefined;
  const name = wordLiteral(parser, head);
  if (name === undefined) return "the command name is computed at run time";
  const check = READ_ONLY_COMMANDS.get(name);
  if (check === undefined) return `\`${name}\` is not on the read-only list`;
  return check(args.slice(1).map((word) => wordLiteral(parser, word)));
}
