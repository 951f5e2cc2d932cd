import { Edit, type EditOptions } from "./edit.js";
import { FileViewer, type FileViewerOptions } from "./file-viewer.js";
import type { FsToolOptions } from "./fs-options.js";
import { LocalFileSource } from "@toolkit/core";
import { MultiEdit } from "./multi-edit.js";
import { Read, type ReadOptions } from "./read.js";
import { Write } from "./write.js";

/** Options for `createFsTools`: the shared ones, plus each tool's own. */
export interface CreateFsToolsOptions extends FsToolOptions {
  read?: Omit<ReadOptions, keyof FsToolOptions>;
  edit?: Omit<EditOptions, keyof FsToolOptions>;
  fileViewer?: Omit<FileViewerOptions, keyof FsToolOptions>;
}

/** The fs family as a tuple, in the order a registry should advertise them. */
export type FsTools = readonly [Read, Write, Edit, MultiEdit, FileViewer];

/**
 * Read, Write, Edit, MultiEdit and FileViewer on one workspace and one file
 * source. They share the session's stale guard through the context, so a
 * Read by one lets the others write.
 *
 * @example
 * const [read, write] = createFsTools({ workspace: new Workspace({ root: "/repo" }) });
 * for (const tool of createFsTools()) registry.register(tool);
 */
export function createFsTools(options: CreateFsToolsOptions = {}): FsTools {
  const { read = {}, edit = {}, fileViewer = {}, source = new LocalFileSource(), ...shared } = options;
  const base = { ...shared, source };
  return [
    new Read({ ...base, ...read }),
    new Write(base),
    new Edit({ ...base, ...edit }),
    new MultiEdit({ ...base, ...edit }),
    new FileViewer({ ...base, ...fileViewer }),
  ];
}
