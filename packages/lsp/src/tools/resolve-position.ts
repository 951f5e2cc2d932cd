import { ToolError } from "@toolkit/core";
import { pathToUri, uriToPath } from "../client/uri.js";
import type { ReadyServer } from "../session/lsp.js";
import type { PositionInput } from "./lsp-input.js";

/** A 0-based LSP position in a file. */
export interface FilePosition {
  readonly path: string;
  readonly line: number;
  readonly character: number;
}

interface DocumentSymbolLike {
  name?: string;
  selectionRange?: { start: { line: number; character: number } };
  location?: { uri: string; range: { start: { line: number; character: number } } };
  children?: DocumentSymbolLike[];
}

/**
 * The position the model means: its 1-based `line`/`column`, or where
 * `symbol` is declared in the file (document symbols), else first written
 * in the file, else declared in the workspace (exact name among the
 * workspace symbols).
 */
export async function resolvePosition(
  ready: ReadyServer,
  path: string,
  input: PositionInput,
): Promise<FilePosition> {
  const { line, column, symbol } = input;
  const text = ready.client.textOf(path) ?? "";
  if (symbol !== undefined) {
    if (line !== undefined || column !== undefined) {
      throw ToolError.invalidInput("give either `symbol` or `line` and `column`, not both");
    }
    if (symbol.trim() === "") throw ToolError.invalidInput("`symbol` is empty");
    return (
      (await declaredIn(ready, path, symbol)) ??
      writtenIn(path, text, symbol) ??
      (await declaredInWorkspace(ready, symbol)) ??
      fail(`symbol "${symbol}" is neither in ${path} nor among the workspace's symbols`)
    );
  }
  if (line === undefined || column === undefined) {
    throw ToolError.invalidInput("give `line` and `column` (1-based), or `symbol`");
  }
  const lines = text.split("\n");
  const at = lines[line - 1];
  if (at === undefined)
    throw ToolError.invalidInput(`\`line\` ${line} is past the end of the file (${lines.length} lines)`);
  if (column - 1 > at.length) {
    throw ToolError.invalidInput(
      `\`column\` ${column} is past the end of line ${line} (${at.length} characters)`,
    );
  }
  return { path, line: line - 1, character: column - 1 };
}

function fail(message: string): never {
  throw ToolError.execution(message, { advice: "Check the spelling, or give `line` and `column`." });
}

async function declaredIn(ready: ReadyServer, path: string, name: string): Promise<FilePosition | undefined> {
  const symbols = await ready.client
    .request<DocumentSymbolLike[] | null>("textDocument/documentSymbol", {
      textDocument: { uri: pathToUri(path) },
    })
    .catch(() => null);
  const stack = [...(symbols ?? [])];
  while (stack.length > 0) {
    const s = stack.shift() as DocumentSymbolLike;
    if (s.name === name) {
      const start = s.selectionRange?.start ?? s.location?.range.start;
      if (start) return { path, line: start.line, character: start.character };
    }
    stack.push(...(s.children ?? []));
  }
  return undefined;
}

/** The first whole-word occurrence of `name` in the text. Pure. */
export function writtenIn(path: string, text: string, name: string): FilePosition | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`);
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    const m = word.exec(line);
    if (m) return { path, line: i, character: m.index };
  }
  return undefined;
}

async function declaredInWorkspace(ready: ReadyServer, name: string): Promise<FilePosition | undefined> {
  const found = await ready.client
    .request<
      | {
          name?: string;
          location?: { uri?: string; range?: { start: { line: number; character: number } } };
        }[]
      | null
    >("workspace/symbol", { query: name })
    .catch(() => null);
  // The server matches fuzzily: keep the exact name.
  for (const s of found ?? []) {
    const path = s.location?.uri ? uriToPath(s.location.uri) : undefined;
    const start = s.location?.range?.start;
    if (s.name === name && path && start && !path.includes("/node_modules/")) {
      return { path, line: start.line, character: start.character };
    }
  }
  return undefined;
}
