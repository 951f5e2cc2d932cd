import { checkRedirect } from "./check-redirect.js";
import { checkWordPart } from "./check-word.js";
import { READ_ONLY_COMMANDS } from "./read-only-commands.js";
import type { ShNode, ShParser } from "./sh-parser.js";
import { checkTestExpr } from "./check-test-expr.js";
import { wordLiteral } from "./word-literal.js";

/** Commands that are never read-only, and why. */
const REFUSED: ReadonlyMap<string, string> = new Map([
  ["ArithmCmd", "it uses an arithmetic command, which can assign variables"],
  ["LetClause", "`let` assigns variables"],
  ["FuncDecl", "it defines a function"],
  ["DeclClause", "it declares variables (`export`, `declare`, `local`, `readonly`)"],
  ["CoprocClause", "it starts a coprocess"],
  ["TestDecl", "it declares a test"],
]);

/** A loop variable may not be one the shell or the programs it runs read (`PATH`, `IFS`, `http_proxy`, ...). */
const SAFE_LOOP_VARIABLE = /^[a-z][a-z0-9_]*$/;

/**
 * Walks a parsed command and returns the first reason it is not read-only.
 * Every node type is handled explicitly; one the walk does not know refuses
 * the command (fail closed).
 */
export function checkFile(parser: ShParser, file: ShNode): string | undefined {
  return new SyntaxCheck(parser).stmts(file.Stmts);
}

class SyntaxCheck {
  constructor(readonly parser: ShParser) {}

  stmts(list: unknown): string | undefined {
    for (const stmt of this.parser.list(list)) {
      const reason = this.stmt(stmt);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }

  stmt(stmt: ShNode): string | undefined {
    if (stmt.Background) return "it runs a command in the background (`&`)";
    if (stmt.Coprocess) return "it starts a coprocess";
    const reason = this.command(stmt.Cmd);
    if (reason !== undefined) return reason;
    for (const redirect of this.parser.list(stmt.Redirs)) {
      const why =
        this.word(redirect.Word) ?? this.word(redirect.Hdoc) ?? checkRedirect(this.parser, redirect);
      if (why !== undefined) return why;
    }
    return undefined;
  }

  command(cmd: unknown): string | undefined {
    const type = this.parser.kind(cmd);
    if (type === undefined) return undefined;
    const node = cmd as ShNode;
    const refused = REFUSED.get(type);
    if (refused !== undefined) return refused;
    switch (type) {
      case "CallExpr":
        return this.call(node);
      case "BinaryCmd":
        return this.stmt(node.X as ShNode) ?? this.stmt(node.Y as ShNode);
      case "Subshell":
      case "Block":
        return this.stmts(node.Stmts);
      case "IfClause": {
        let clause: unknown = node;
        while (this.parser.kind(clause) === "IfClause") {
          const part = clause as ShNode;
          const reason = this.stmts(part.Cond) ?? this.stmts(part.Then);
          if (reason !== undefined) return reason;
          clause = part.Else;
        }
        return undefined;
      }
      case "WhileClause":
        return this.stmts(node.Cond) ?? this.stmts(node.Do);
      case "ForClause":
        return this.forLoop(node);
      case "CaseClause": {
        const reason = this.word(node.Word);
        if (reason !== undefined) return reason;
        for (const item of this.parser.list(node.Items)) {
          const why = this.words(item.Patterns) ?? this.stmts(item.Stmts);
          if (why !== undefined) return why;
        }
        return undefined;
      }
      case "TestClause":
        return checkTestExpr(this.parser, node.X, (word) => this.word(word));
      case "TimeClause":
        return this.parser.kind(node.Stmt) === undefined ? undefined : this.stmt(node.Stmt as ShNode);
      default:
        return `it uses a \`${type}\` construct, which the analysis does not accept`;
    }
  }

  forLoop(node: ShNode): string | undefined {
    const loop = node.Loop;
    if (this.parser.kind(loop) !== "WordIter") return "it uses a C-style `for` loop, which assigns variables";
    const iter = loop as ShNode;
    const name = this.parser.text((iter.Name as ShNode).Value);
    if (!SAFE_LOOP_VARIABLE.test(name) || name.endsWith("proxy")) {
      return `the loop assigns \`${name}\`, a variable the shell or the commands it runs may read (use a lower-case name)`;
    }
    return this.words(iter.Items) ?? this.stmts(node.Do);
  }

  call(call: ShNode): string | undefined {
    const first = this.parser.list(call.Assigns)[0];
    const args = this.parser.list(call.Args);
    if (first !== undefined) {
      const name = this.parser.text((first.Name as ShNode | null)?.Value ?? "");
      return args.length === 0
        ? `it assigns the variable \`${name}\``
        : `it sets \`${name}\` for the command (an assignment prefix)`;
    }
    const head = args[0];
    if (head === undefined) return undefined;
    const name = wordLiteral(this.parser, head);
    if (name === undefined) return "the command name is computed at run time";
    const check = READ_ONLY_COMMANDS.get(name);
    if (check === undefined) return `\`${name}\` is not on the read-only list`;
    return check(args.slice(1).map((word) => wordLiteral(this.parser, word))) ?? this.words(args);
  }

  words(list: unknown): string | undefined {
    for (const word of Array.isArray(list) ? list : this.parser.list(list)) {
      const reason = this.word(word);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }

  word(word: unknown): string | undefined {
    if (this.parser.kind(word) !== "Word") return undefined;
    for (const part of this.parser.list((word as ShNode).Parts)) {
      const reason = checkWordPart(this.parser, part, (inner) => this.word(inner));
      if (reason !== undefined) return reason;
    }
    return undefined;
  }
}
