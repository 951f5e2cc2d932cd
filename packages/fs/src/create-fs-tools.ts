import { ApplyPatch, type ApplyPatchOptions } from "./apply-patch/apply-patch.js";
import { Edit, type EditOptions } from "./edit/edit.js";
import { FileViewer, type FileViewerOptions } from "./view/file-viewer.js";
import type { FsToolOptions } from "./tool/fs-options.js";
import { LocalFileSource } from "@toolkit/core";
import { MultiEdit } from "./edit/multi-edit.js";
import { Read, type ReadOptions } from "./read/read.js";
import { Write } from "./write/write.js";
import { NotebookEdit } from "./notebook/notebook-edit.js";

/** Options for `createFsTools`: the shared ones, plus each tool's own. */
export interface CreateFsToolsOptions extends FsToolOptions {
  read?: Omit<ReadOptions, keyof FsToolOptions>;
  edit?: Omit<EditOptions, keyof FsToolOptions>;
  fileViewer?: Omit<FileViewerOptions, keyof FsToolOptions>;
  applyPatch?: Omit<ApplyPatchOptions, keyof FsToolOptions>;
}

/** The fs family as a tuple, in the order a registry should advertise them. */
export type FsTools = readonly [Read, Write, Edit, MultiEdit, FileViewer, ApplyPatch, NotebookEdit];

/**
 * Read, Write, Edit, MultiEdit, FileViewer, ApplyPatch and NotebookEdit on one workspace and one file
 * source. They share the session's stale guard through the context, so a
 * Read by one lets the others write.
 *
 * @example
 * const [read, write] = createFsTools({ workspace: new Workspace({ root: "/repo" }) });
 * for (const tool of createFsTools()) registry.register(tool);
 */
export function createFsTools(options: CreateFsToolsOptions = {}): FsTools {
  const {
    read = {},
    edit = {},
    fileViewer = {},
    applyPatch = {},
    source = new LocalFileSource(),
    ...shared
  } = options;
  const base = { ...shared, source };
  return [
    new Read({ ...base, ...read }),
    new Write(base),
    new Edit({ ...base, ...edit }),
    new MultiEdit({ ...base, ...edit }),
    new FileViewer({ ...base, ...fileViewer }),
    new ApplyPatch({ ...base, ...applyPatch }),
    new NotebookEdit(base),
  ];
}
