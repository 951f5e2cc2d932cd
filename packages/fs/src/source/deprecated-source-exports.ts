// The file seam's names as this package exported them before they moved to
// @toolkit/core (one FileSource for the fs and search families). Same meaning,
// same objects; kept as deprecated aliases for one minor release (to be removed in 0.3).
import {
  type AtomicWriteOptions as CoreAtomicWriteOptions,
  type DirEntry as CoreDirEntry,
  type FileSource as CoreFileSource,
  type FileStat as CoreFileStat,
  LocalFileSource as CoreLocalFileSource,
  type LocalFileSourceOptions as CoreLocalFileSourceOptions,
  MemoryFileSource as CoreMemoryFileSource,
  type MemoryFileSourceOptions as CoreMemoryFileSourceOptions,
  type ReadChunksOptions as CoreReadChunksOptions,
  type WriteFileOptions as CoreWriteFileOptions,
  writeFileAtomic as coreWriteFileAtomic,
} from "@toolkit/core";

/** @deprecated Import `LocalFileSource` from `@toolkit/core`; to be removed in 0.3. */
export const LocalFileSource: typeof CoreLocalFileSource = CoreLocalFileSource;
/** @deprecated Import `LocalFileSource` from `@toolkit/core`; to be removed in 0.3. */
export type LocalFileSource = CoreLocalFileSource;
/** @deprecated Import `MemoryFileSource` from `@toolkit/core`; to be removed in 0.3. */
export const MemoryFileSource: typeof CoreMemoryFileSource = CoreMemoryFileSource;
/** @deprecated Import `MemoryFileSource` from `@toolkit/core`; to be removed in 0.3. */
export type MemoryFileSource = CoreMemoryFileSource;
/** @deprecated Import `writeFileAtomic` from `@toolkit/core`; to be removed in 0.3. */
export const writeFileAtomic: typeof coreWriteFileAtomic = coreWriteFileAtomic;
/** @deprecated Import `FileSource` from `@toolkit/core`; to be removed in 0.3. */
export type FileSource = CoreFileSource;
/** @deprecated Import `FileStat` from `@toolkit/core` (it adds `mtimeMs`); to be removed in 0.3. */
export type FileStat = CoreFileStat;
/** @deprecated Import `DirEntry` from `@toolkit/core` (`size` is given when the listing asks for `sizes`); to be removed in 0.3. */
export type DirEntry = CoreDirEntry;
/** @deprecated Import `ReadChunksOptions` from `@toolkit/core`; to be removed in 0.3. */
export type ReadChunksOptions = CoreReadChunksOptions;
/** @deprecated Import `WriteFileOptions` from `@toolkit/core`; to be removed in 0.3. */
export type WriteFileOptions = CoreWriteFileOptions;
/** @deprecated Import `LocalFileSourceOptions` from `@toolkit/core`; to be removed in 0.3. */
export type LocalFileSourceOptions = CoreLocalFileSourceOptions;
/** @deprecated Import `MemoryFileSourceOptions` from `@toolkit/core`; to be removed in 0.3. */
export type MemoryFileSourceOptions = CoreMemoryFileSourceOptions;
/** @deprecated Import `AtomicWriteOptions` from `@toolkit/core`; to be removed in 0.3. */
export type AtomicWriteOptions = CoreAtomicWriteOptions;
