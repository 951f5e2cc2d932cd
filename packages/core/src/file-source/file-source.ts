import type { Workspace, WorkspacePath } from "../workspace/workspace.js";

/** What a path is: `symlink` only from a stat or listing that does not follow links. */
export type FileKind = "file" | "directory" | "symlink" | "other";

/** What a FileSource knows about one path. */
export interface FileStat {
  /** `file`, `directory`, `symlink` (only when links are not followed), or `other` (socket, device, fifo). */
  readonly kind: FileKind;
  /** Size in bytes. */
  readonly size: number;
  /** Permission bits (e.g. `0o644`). */
  readonly mode: number;
  /** Last modification, in milliseconds since the epoch. */
  readonly mtimeMs: number;
  /** A token that changes whenever the file's bytes may have changed (inode, size, mtime, ctime). */
  readonly version: string;
  /** Hard links to the file (1 for a file with one name; sources without links say 1). */
  readonly links: number;
}

/** One entry of a directory listing. */
export interface DirEntry {
  /** The entry's name (no separators). */
  readonly name: string;
  /** What the entry itself is: a symlink is reported as such and never followed by the lister. */
  readonly kind: FileKind;
  /**
   * Size in bytes of a `file` entry (0 for other kinds). Always given when the
   * listing was asked for `sizes`; a source may leave it out otherwise.
   */
  readonly size?: number;
}

/** Options for `FileSource.stat`. */
export interface StatOptions {
  /** Follow a final symlink (`stat`), or describe the link itself (`lstat`, kind `symlink`). @default true */
  followLinks?: boolean;
}

/** Options of every call that reaches into the tree: what it touches must lie under `realRoot`. */
export interface OpenOptions {
  /** The workspace's real root (`FileSource.realRoot`): what is opened must lie under it. */
  realRoot: string;
}

/** Options for `FileSource.list`. */
export interface ListOptions extends OpenOptions {
  /** Give each file entry's `size` (a local source then looks at every file). @default false */
  sizes?: boolean;
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

/** Options for `FileSource.read`. */
export interface ReadFileOptions extends OpenOptions {
  /** Stops the read when it fires. */
  signal?: AbortSignal;
}

/** Options for `FileSource.writeFile`. */
export interface WriteFileOptions extends OpenOptions {
  /** Permission bits for the file; an existing file keeps its own. @default 0o666 minus umask */
  mode?: number;
  /** When given, the file must still have this `FileStat.version` right before it is replaced. */
  expectVersion?: string;
  /** Stops the write (nothing is replaced) when it fires. */
  signal?: AbortSignal;
  /** How messages name the file. @default the path */
  shown?: string;
}

/** Options for `FileSource.remove`. */
export interface RemoveFileOptions extends OpenOptions {
  /** When given, the file must still have this `FileStat.version` right before it is removed. */
  expectVersion?: string;
  /** How messages name the file. @default the path */
  shown?: string;
}

/** Options for `FileSource.rename`. */
export interface RenameOptions extends OpenOptions {
  /** How messages name the source path. @default the path */
  shown?: string;
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
 * The one seam the file tools (`@toolkit/fs`) and the search tools
 * (`@toolkit/search`) read and write through: the local disk
 * (`LocalFileSource`, the default), memory (`MemoryFileSource`), or a host's
 * own (a remote checkout, a virtual tree). Paths are absolute and have
 * already passed the workspace checks (`resolve`); every call that reaches
 * into the tree is also told the real root and refuses what lies outside it.
 * Failures are `ToolError`s: `FileNotFound` for a missing path, `Permission`
 * for anything outside the root, `IO` otherwise.
 */
export interface FileSource {
  /**
   * True when the paths are the local disk's own, so a tool may hand them to
   * another program or thread (the search tools' ripgrep and worker threads).
   * Leave it unset for anything else: the tools then read only through this
   * source.
   */
  readonly local?: boolean;
  /** Applies the workspace rules to a path from the model (the local source follows symlinks on disk). */
  resolve(workspace: Workspace, path: string, field: string): Promise<WorkspacePath>;
  /** The workspace root as this source sees it (symlinks resolved on disk). */
  realRoot(workspace: Workspace): Promise<string>;
  /** The path's stat, or `undefined` when nothing is there (a check for messages; reads go through `open`). */
  stat(path: string, options?: StatOptions): Promise<FileStat | undefined>;
  /**
   * Opens a file for reading. The local source opens first, then proves that
   * what it opened lies under `realRoot` (refusing it otherwise), so a link
   * swapped in after the path was checked cannot lead a read outside.
   */
  open(path: string, options: OpenOptions): Promise<OpenFile>;
  /** A whole file, opened and checked as `open` does. */
  read(path: string, options: ReadFileOptions): Promise<Uint8Array>;
  /** A file (or the byte range `start`-`end` of it) as chunks, opened and checked as `open` does. */
  readChunks(path: string, options: ReadChunksOptions & OpenOptions): AsyncIterable<Uint8Array>;
  /** The entries of a directory under `realRoot`, sorted by name (code-unit order). */
  list(path: string, options: ListOptions): Promise<DirEntry[]>;
  /**
   * Writes atomically (never a half-written file at `path`), creating parent
   * directories inside the root. `data` may be chunks, written as they come.
   */
  writeFile(
    path: string,
    data: Uint8Array | AsyncIterable<Uint8Array>,
    options: WriteFileOptions,
  ): Promise<void>;
  /**
   * Moves a file or directory to `to`, creating `to`'s parent directories
   * inside the root; an existing file at `to` is replaced, a directory there
   * is refused. Both sides must lie under `realRoot`; a final symlink at
   * `from` is moved as the link, never followed.
   */
  rename(from: string, to: string, options: RenameOptions): Promise<void>;
  /**
   * Removes a file: never a directory, and a final link is refused, not
   * followed. Optional: a source without it cannot serve a patch that deletes
   * or moves a file (ApplyPatch refuses such a patch before writing anything).
   */
  remove?(path: string, options: RemoveFileOptions): Promise<void>;
}
