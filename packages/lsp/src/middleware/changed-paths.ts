import { resolve } from "node:path";
import { isJsonObject } from "@toolkit/core";

/** Where a file-changing tool names the files it changes. */
export type PathSource = { readonly field: string } | { readonly patchField: string };

/** The built-in file-changing tools: fs's Edit, MultiEdit, Write, ApplyPatch, and Loom's `edit_file`. */
export const FILE_CHANGING_TOOLS: ReadonlyMap<string, PathSource> = new Map<string, PathSource>([
  ["Edit", { field: "file_path" }],
  ["MultiEdit", { field: "file_path" }],
  ["Write", { field: "file_path" }],
  ["ApplyPatch", { patchField: "patch" }],
  ["edit_file", { field: "path" }],
]);

const CODEX_PATH = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;
const UNIFIED_PATH = /^(?:---|\+\+\+) (?!\/dev\/null)(?:[ab]\/)?([^\t\n]+)/gm;

/**
 * The absolute paths a call changes, read from its input (relative paths
 * resolved against `cwd`): the path field, or every file a patch names
 * (Codex `*** Add/Update/Delete File:` and `*** Move to:`, unified `---`/`+++`).
 */
export function changedPaths(source: PathSource, input: unknown, cwd: string): string[] {
  if (!isJsonObject(input)) return [];
  if ("field" in source) {
    const value = input[source.field];
    return typeof value === "string" && value !== "" ? [resolve(cwd, value)] : [];
  }
  const patch = input[source.patchField];
  if (typeof patch !== "string") return [];
  const pattern = patch.includes("*** Begin Patch") ? CODEX_PATH : UNIFIED_PATH;
  const found = new Set<string>();
  for (const m of patch.matchAll(pattern)) found.add(resolve(cwd, (m[1] as string).trim()));
  return [...found];
}
