import type { Workspace, WorkspacePath } from "@toolkit/core";

/** What a FileSource knows about one path (symlinks followed). */
export interface FileStat {
  /** `file`, `directory`, or `other` (socket, device, fifo). */
  readonly kind: "file" | "directory" | "other";
  /** Size in bytes. */
  readonly size: number;
  /** Permission bits (e.g. `0o644`). */
  readonly mode: number;
  /** A token that changes whenever the file's bytes may have changed (inode, size, mtime, ctime). */
  readonly version: string;
}

/** One entry of a directory listing. */
export interface DirEntry {
  /** The entry's name (no separators). */
  readonly name: string;
  /** `symlink` is reported as such and never followed by the lister. */
  readonly kind: "file" | "directory" | "symlink" | "other";
  /** Size in bytes (0 for directories). */
  readonly size: number;
}

/** Options for `FileSource.writeFile`. */
export interface WriteFileOptions {
  /** Permission bits for the file; an existing file keeps its own. @default 0o666 minus umask */
  mode?: number;
  /** The workspace's real root: parents created and the final rename are re-checked against it. */
  realRoot: string;
}

/** Options for `FileSource.readChunks`. */
export interface ReadChunksOptions {
  /** Size of each chunk read. @default 512 KiB */
  chunkBytes?: number;
  /** Stops reading when it fires. */
  signal?: AbortSignal;
}

/**
 * The seam every fs tool reads and writes through: local disk by default
 * (`LocalFileSource`), or memory (`MemoryFileSource`) for hosts and tests.
 * Paths handed to a source have already passed the workspace checks.
 */
export interface FileSource {
  /** Applies the workspace rules to a path from the model (the local source follows symlinks on disk). */
  resolve(workspace: Workspace, path: string, field: string): Promise<WorkspacePath>;
  /** The workspace root as this source sees it (symlinks resolved on disk). */
  realRoot(workspace: Workspace): Promise<string>;
  /** The path's stat, or `undefined` when nothing is there. */
  stat(path: string): Promise<FileStat | undefined>;
  /** The whole file. */
  readFile(path: string): Promise<Uint8Array>;
  /** The file as a stream of chunks; a chunk is valid until the next one is requested. */
  readChunks(path: string, options?: ReadChunksOptions): AsyncIterable<Uint8Array>;
  /** Writes atomically (never a half-written file at `path`), creating parent directories inside the root. */
  writeFile(path: string, data: Uint8Array, options: WriteFileOptions): Promise<void>;
  /** The entries of a directory, sorted by name. */
  list(path: string): Promise<DirEntry[]>;
}
