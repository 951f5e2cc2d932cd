import { pathToUri, uriToPath } from "../client/uri.js";
import type { Lsp, ReadyServer } from "../session/lsp.js";
import type { PositionInput } from "./lsp-input.js";
import { type FilePosition, resolvePosition } from "./resolve-position.js";

/** A resolved position with its server, synced, ready for a `textDocument/*` request. */
export interface Located {
  readonly ready: ReadyServer;
  readonly position: FilePosition;
  /** `{ textDocument, position }` for the request. */
  readonly params: { textDocument: { uri: string }; position: { line: number; character: number } };
}

/** Resolves the model's position and opens its file on the server. */
export async function locate(
  lsp: Lsp,
  ready: ReadyServer,
  path: string,
  input: PositionInput,
): Promise<Located> {
  const position = await resolvePosition(ready, path, input);
  if (position.path !== path) await lsp.syncFromDisk(ready.client, position.path);
  return {
    ready,
    position,
    params: {
      textDocument: { uri: pathToUri(position.path) },
      position: { line: position.line, character: position.character },
    },
  };
}

/** LSP `Location | Location[] | LocationLink[]` as 0-based file positions (non-file URIs dropped). */
export function locationsOf(result: unknown): FilePosition[] {
  const list = Array.isArray(result) ? result : result ? [result] : [];
  const out: FilePosition[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const uri = (item.targetUri ?? item.uri) as string | undefined;
    const range = (item.targetSelectionRange ?? item.range) as
      | { start: { line: number; character: number } }
      | undefined;
    const path = typeof uri === "string" ? uriToPath(uri) : undefined;
    if (path && range) out.push({ path, line: range.start.line, character: range.start.character });
  }
  return out;
}

/** Sorts positions by path, line, column and drops repeats. */
export function sortPositions(list: readonly FilePosition[]): FilePosition[] {
  const seen = new Set<string>();
  return [...list]
    .sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.character - b.character,
    )
    .filter((p) => {
      const key = `${p.path}:${p.line}:${p.character}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
