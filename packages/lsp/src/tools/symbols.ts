import { type JsonSchema, type ToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { pathToUri, uriToPath } from "../client/uri.js";
import type { ReadyServer } from "../session/lsp.js";
import { LspTool, withNotes } from "./lsp-tool.js";

/** Input of Symbols: a workspace query, or a file to outline. */
export interface SymbolsInput {
  query?: string;
  path?: string;
}

const KINDS = [
  "",
  "file",
  "module",
  "namespace",
  "package",
  "class",
  "method",
  "property",
  "field",
  "constructor",
  "enum",
  "interface",
  "function",
  "variable",
  "constant",
  "string",
  "number",
  "boolean",
  "array",
  "object",
  "key",
  "null",
  "enum member",
  "struct",
  "event",
  "operator",
  "type parameter",
];
/** Most symbols listed in one reply. */
const MAX_SYMBOLS = 200;

interface SymbolLike {
  name?: string;
  kind?: number;
  selectionRange?: { start: { line: number; character: number } };
  location?: { uri?: string; range?: { start: { line: number; character: number } } };
  children?: SymbolLike[];
}

/**
 * Symbols: the workspace symbols matching `query` (exact names first), or
 * the outline of the file at `path` (nested by indentation).
 */
export class Symbols extends LspTool<SymbolsInput> {
  readonly name = "Symbols";
  readonly description =
    "Symbols: with `query`, the functions, classes, types and variables of the workspace whose name matches (exact matches first), one `name kind path:line:column` each; with `path`, the outline of that file. Positions are 1-based.";
  protected readonly inputSchema: JsonSchema = {
    type: "object",
    properties: {
      query: {
        type: "string",
        description: "A symbol name or part of one, searched in the whole workspace.",
      },
      path: { type: "string", description: "A file whose symbols to list (its outline)." },
    },
    additionalProperties: false,
  };

  protected async run(input: SymbolsInput, ctx: ToolContext): Promise<ToolOutput> {
    const notes: string[] = [];
    if ((input.query === undefined) === (input.path === undefined)) {
      throw ToolError.invalidInput("give exactly one of `query` (workspace search) or `path` (file outline)");
    }
    if (input.path !== undefined) {
      const target = await this.target(input.path, ctx, notes);
      const result = await target.ready.client.request<SymbolLike[] | null>("textDocument/documentSymbol", {
        textDocument: { uri: pathToUri(target.path) },
      });
      const lines = outline(result ?? [], 0);
      return ToolOutput.text(withNotes(notes, lines.length === 0 ? "No symbols." : cap(lines).join("\n")));
    }
    const query = input.query as string;
    if (query.trim() === "") throw ToolError.invalidInput("`query` is empty");
    const lines: { exact: boolean; line: string }[] = [];
    for (const ready of await this.servers(notes)) {
      const found = await ready.client.request<SymbolLike[] | null>("workspace/symbol", { query });
      for (const s of found ?? []) {
        const path = s.location?.uri ? uriToPath(s.location.uri) : undefined;
        const start = s.location?.range?.start;
        if (!path || !start || path.includes("/node_modules/")) continue;
        lines.push({
          exact: s.name === query,
          line: `${s.name} ${KINDS[s.kind ?? 0] || "symbol"} ${this.shown(path)}:${start.line + 1}:${start.character + 1}`,
        });
      }
    }
    lines.sort((a, b) => Number(b.exact) - Number(a.exact));
    const text =
      lines.length === 0 ? `No symbols match "${query}".` : cap(lines.map((l) => l.line)).join("\n");
    return ToolOutput.text(withNotes(notes, text));
  }

  /** One server per language with files in the workspace, started as needed. */
  async servers(notes: string[]): Promise<ReadyServer[]> {
    const out: ReadyServer[] = [];
    for (const first of await this.lsp.firstFiles()) {
      const ready = await this.lsp.acquire(first);
      if (ready.ok) {
        notes.push(...ready.notes);
        out.push(ready);
      } else if (ready.message !== "" && ready.first) notes.push(ready.message);
    }
    return out;
  }
}

function outline(symbols: readonly SymbolLike[], depth: number): string[] {
  const lines: string[] = [];
  for (const s of symbols) {
    const start = s.selectionRange?.start ?? s.location?.range?.start;
    const at = start ? ` ${start.line + 1}:${start.character + 1}` : "";
    lines.push(`${"  ".repeat(depth)}${s.name} ${KINDS[s.kind ?? 0] || "symbol"}${at}`);
    lines.push(...outline(s.children ?? [], depth + 1));
  }
  return lines;
}

function cap(lines: string[]): string[] {
  return lines.length <= MAX_SYMBOLS
    ? lines
    : [...lines.slice(0, MAX_SYMBOLS), `... and ${lines.length - MAX_SYMBOLS} more`];
}
