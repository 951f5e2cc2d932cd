import { uriToPath } from "../client/uri.js";
import type { TextEdit } from "./apply-text-edits.js";

/** The text edits of a WorkspaceEdit grouped by absolute path, or why it is refused. */
export type FileEdits =
  | { readonly ok: true; readonly files: ReadonlyMap<string, TextEdit[]> }
  | { readonly ok: false; readonly reason: string };

interface RawWorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: ({ kind?: string; textDocument?: { uri?: string }; edits?: TextEdit[] } & Record<
    string,
    unknown
  >)[];
}

/**
 * Reads a WorkspaceEdit (`changes` or `documentChanges`). File operations
 * (create, rename, delete) and non-file URIs are refused: a rename here only
 * changes text. Pure.
 */
export function fileEditsOf(edit: unknown): FileEdits {
  const files = new Map<string, TextEdit[]>();
  if (edit === null || typeof edit !== "object") return { ok: true, files };
  const raw = edit as RawWorkspaceEdit;
  const add = (uri: unknown, edits: unknown): string | undefined => {
    const path = typeof uri === "string" ? uriToPath(uri) : undefined;
    if (path === undefined) return `the server's edit names ${JSON.stringify(uri)}, not a file`;
    if (!Array.isArray(edits)) return `the server's edit for ${path} has no edit list`;
    files.set(path, [...(files.get(path) ?? []), ...(edits as TextEdit[])]);
    return undefined;
  };
  if (Array.isArray(raw.documentChanges)) {
    for (const change of raw.documentChanges) {
      if (typeof change.kind === "string") {
        return {
          ok: false,
          reason: `the server's edit would ${change.kind} a file; only text changes are applied`,
        };
      }
      const why = add(change.textDocument?.uri, change.edits);
      if (why) return { ok: false, reason: why };
    }
  } else if (raw.changes && typeof raw.changes === "object") {
    for (const [uri, edits] of Object.entries(raw.changes)) {
      const why = add(uri, edits);
      if (why) return { ok: false, reason: why };
    }
  }
  return { ok: true, files };
}
