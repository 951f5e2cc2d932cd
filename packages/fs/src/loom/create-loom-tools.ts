import { LocalFileSource } from "@toolkit/core";
import type { FsToolOptions } from "../tool/fs-options.js";
import { EditFile, type EditFileOptions } from "./edit-file.js";
import { ListFiles, type ListFilesOptions } from "./list-files.js";
import { ReadFile } from "./read-file.js";

/** Options for `createLoomTools`: the shared fs options, plus each tool's own. */
export interface CreateLoomToolsOptions extends FsToolOptions {
  /** Options of `edit_file`. */
  edit?: Pick<EditFileOptions, "maxFileBytes">;
  /** Options of `list_files`. */
  list?: Pick<ListFilesOptions, "maxEntries">;
}

/** The Loom-shaped file tools as a tuple: `read_file`, `edit_file`, `list_files`. */
export type LoomTools = readonly [ReadFile, EditFile, ListFiles];

/**
 * Loom's file tools (`read_file`, `edit_file`, `list_files`) with the Loom
 * document's names, descriptions, schemas, JSON replies and error texts, on
 * the same workspace rules and atomic write path as the fs family. Loom
 * semantics: no read-before-write guard; an empty `old_str` appends.
 *
 * @example
 * import { createLoomTools } from "@toolkit/fs/loom";
 * for (const tool of createLoomTools()) registry.register(tool);
 */
export function createLoomTools(options: CreateLoomToolsOptions = {}): LoomTools {
  const { edit = {}, list = {}, source = new LocalFileSource(), ...shared } = options;
  const base = { ...shared, source };
  return [new ReadFile(base), new EditFile({ ...base, ...edit }), new ListFiles({ ...base, ...list })];
}
