import { Edit, type EditOptions } from "./edit.js";
import { FileViewer, type FileViewerOptions } from "./file-viewer.js";
import type { FsToolOptions } from "./fs-options.js";
import { LocalFileSource } from "./local-file-source.js";
import { MultiEdit } from "./multi-edit.js";
import { Read, type ReadOptions } from "./read.js";
import { Write } from "./write.js";

/** Options for `createFsTools`: the shared ones, plus each tool's own. */
export interface CreateFsToolsOptions extends FsToolOptions {
  read?: Omit<ReadOptions, keyof FsToolOptions>;
  edit?: Omit<EditOptions, keyof FsToolOptions>;
  fileViewer?: Omit<FileViewerOptions, keyof FsToolOptions>;
}

/** The fs family, in the order a registry should advertise them. */
export interface FsTools {
  readonly read: Read;
  readonly write: Write;
  readonly edit: Edit;
  readonly multiEdit: MultiEdit;
  readonly fileViewer: FileViewer;
  /** All five, as an array for `registry.register`. */
  readonly all: readonly [Read, Write, Edit, MultiEdit, FileViewer];
}

/**
 * Read, Write, Edit, MultiEdit and FileViewer on one workspace and one file
 * source. They share the session's stale guard through the context, so a
 * Read by one lets the others write.
 *
 * @example
 * const { all } = createFsTools({ workspace: new Workspace({ root: "/repo" }) });
 * for (const tool of all) registry.register(tool);
 */
export function createFsTools(options: CreateFsToolsOptions = {}): FsTools {
  const { read = {}, edit = {}, fileViewer = {}, source = new LocalFileSource(), ...shared } = options;
  const base = { ...shared, source };
  const tools = {
    read: new Read({ ...base, ...read }),
    write: new Write(base),
    edit: new Edit({ ...base, ...edit }),
    multiEdit: new MultiEdit({ ...base, ...edit }),
    fileViewer: new FileViewer({ ...base, ...fileViewer }),
  };
  return { ...tools, all: [tools.read, tools.write, tools.edit, tools.multiEdit, tools.fileViewer] };
}
