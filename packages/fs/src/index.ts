// Public API of @toolkit/fs: see README.md.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export { Workspace } from "@toolkit/core";
export type { WorkspaceOptions, WorkspacePath } from "@toolkit/core";
export { createFsTools } from "./create-fs-tools.js";
export type { CreateFsToolsOptions, FsTools } from "./create-fs-tools.js";
export { Read } from "./read/read.js";
export type { ReadOptions } from "./read/read.js";
export { Write } from "./write/write.js";
export type { WriteOptions } from "./write/write.js";
export { NotebookEdit } from "./notebook/notebook-edit.js";
export type { NotebookEditOptions } from "./notebook/notebook-edit.js";
export { Edit } from "./edit/edit.js";
export type { EditOptions } from "./edit/edit.js";
export { MultiEdit, MAX_EDITS } from "./edit/multi-edit.js";
export { FileViewer } from "./view/file-viewer.js";
export { ApplyPatch } from "./apply-patch/apply-patch.js";
export type { ApplyPatchOptions } from "./apply-patch/apply-patch.js";
export { recoverPatches } from "./apply-patch/journal/recover.js";
export type { PatchRecovery } from "./apply-patch/journal/recover.js";
export type { FileViewerOptions } from "./view/file-viewer.js";
export type { FsToolOptions } from "./tool/fs-options.js";
export { LocalFileSource, MemoryFileSource, writeFileAtomic } from "./source/deprecated-source-exports.js";
export type {
  AtomicWriteOptions,
  DirEntry,
  FileSource,
  FileStat,
  LocalFileSourceOptions,
  MemoryFileSourceOptions,
  ReadChunksOptions,
  WriteFileOptions,
} from "./source/deprecated-source-exports.js";
export { StaleGuard, hashBytes } from "./tool/stale-guard.js";
export type { FileRecord } from "./tool/stale-guard.js";
export { applyEdits, MAX_LISTED_MATCHES } from "./match/edit-apply.js";
export type {
  AppliedEdit,
  ApplyEditsOptions,
  EditFailure,
  EditOutcome,
  EditSpec,
  Matching,
} from "./match/edit-apply.js";
export { unifiedDiff } from "./diff/unified-diff.js";
export type { UnifiedDiffOptions } from "./diff/unified-diff.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
