// Public API of @toolkit/fs: see README.md.
export { Workspace } from "@toolkit/core";
export type { WorkspaceOptions, WorkspacePath } from "@toolkit/core";
export { createFsTools } from "./create-fs-tools.js";
export type { CreateFsToolsOptions, FsTools } from "./create-fs-tools.js";
export { Read } from "./read.js";
export type { ReadOptions } from "./read.js";
export { Write } from "./write.js";
export type { WriteOptions } from "./write.js";
export { Edit } from "./edit.js";
export type { EditOptions } from "./edit.js";
export { MultiEdit, MAX_EDITS } from "./multi-edit.js";
export { FileViewer } from "./file-viewer.js";
export type { FileViewerOptions } from "./file-viewer.js";
export type { FsToolOptions } from "./fs-options.js";
export { LocalFileSource, MemoryFileSource, writeFileAtomic } from "./deprecated-source-exports.js";
export type {
  AtomicWriteOptions,
  DirEntry,
  FileSource,
  FileStat,
  LocalFileSourceOptions,
  MemoryFileSourceOptions,
  ReadChunksOptions,
  WriteFileOptions,
} from "./deprecated-source-exports.js";
export { StaleGuard, hashBytes } from "./stale-guard.js";
export type { FileRecord } from "./stale-guard.js";
export { applyEdits, MAX_LISTED_MATCHES } from "./edit-apply.js";
export type {
  AppliedEdit,
  ApplyEditsOptions,
  EditFailure,
  EditOutcome,
  EditSpec,
  Matching,
} from "./edit-apply.js";
export { unifiedDiff } from "./unified-diff.js";
export type { UnifiedDiffOptions } from "./unified-diff.js";
