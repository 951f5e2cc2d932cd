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
  /** Hard links to the file (1 for a file with one name; sources without links say 1). */
  readonly links: number;
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
  /** When given, the file must still have this `FileStat.version` right before it is replaced. */
  expectVersion?: string;
  /** Stops the write (nothing is replaced) when it fires. */
  signal?: AbortSignal;
  /** How messages name the file. @default the path */
  shown?: string;
}

/** Options for `FileSource.remove`. */
export interface RemoveFileOptions {
  /** The workspace's real root: the file's directory is checked against it. */
  realRoot: string;
  /** When given, the file must still have this `FileStat.version` right before it is removed. */
  expectVersion?: string;
  /** How messages name the file. @default the path */
  shown?: string;
}

/** Options for `OpenFile.readChunks`. */
export interface ReadChunksOptions {
  /** Size of each chunk read. @default 512 KiB */
  chunkBytes?: number;
  /** Stops reading when it fires. */
  signal?: AbortSignal;
  /** First byte to read. @default 0 */
  start?: number;
  /** Stop before this byte. @default the size the file had when it was opened */
  end?: number;
}

/** Options for `FileSource.open` and `FileSource.list`. */
export interface OpenOptions {
  /** The workspace's real root: what is opened must lie under it. */
  realRoot: string;
}

/**
 * A file held open for reading: its stat and every read come from the very
 * file that was opened and checked, whatever happens to its path meanwhile.
 * Close it when done.
 */
export interface OpenFile {
  /** Where the opened file is (absolute, links resolved), as the source proved it. */
  readonly path: string;
  /** The opened file's stat (not the path's: taken from the open file). */
  readonly stat: FileStat;
  /** The file as chunks; a chunk is valid until the next one is requested. Each call starts afresh. */
  readChunks(options?: ReadChunksOptions): AsyncIterable<Uint8Array>;
  /** The whole file (up to the size it had when opened). */
  readAll(): Promise<Uint8Array>;
  close(): Promise<void>;
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
  /** The path's stat, or `undefined` when nothing is there (a check for messages; reads go through `open`). */
  stat(path: string): Promise<FileStat | undefined>;
  /**
   * Opens a file for reading. The local source opens first, then proves that
   * what it opened lies under `realRoot` (refusing it otherwise), so a link
   * swapped in after the path was checked cannot lead a read outside.
   */
  open(path: string, options: OpenOptions): Promise<OpenFile>;
  /**
   * Writes atomically (never a half-written file at `path`), creating parent
   * directories inside the root. `data` may be chunks, written as they come.
   */
  writeFile(
    path: string,
    data: Uint8Array | AsyncIterable<Uint8Array>,
    options: WriteFileOptions,
  ): Promise<void>;
  /** The entries of a directory under `realRoot`, sorted by name. */
  list(path: string, options: OpenOptions): Promise<DirEntry[]>;
  /**
   * Removes a file: never a directory, and a link is refused, not followed.
   * Optional: a source without it cannot serve a patch that deletes or moves
   * a file (ApplyPatch refuses such a patch before writing anything).
   */
  remove?(path: string, options: RemoveFileOptions): Promise<void>;
}
