import { readdirSync, readFileSync } from "node:fs";
import { lstat } from "node:fs/promises";

/**
 * What a directory entry is, without following symlinks.
 * @deprecated The search tools read through `FileSource` from `@toolkit/core`, whose `FileKind` says `directory`; to be removed in 0.3.
 */
export type EntryKind = "file" | "dir" | "symlink" | "other";

/**
 * One entry of a `SearchSource` listing.
 * @deprecated Use `DirEntry` from `@toolkit/core` (kind `directory`, optional `size`); to be removed in 0.3.
 */
export interface DirEntry {
  /** The entry's name (no slashes). */
  readonly name: string;
  /** Its kind, as `lstat` would say. */
  readonly kind: EntryKind;
}

/**
 * Size and modification time of a file, as `SearchSource.stat` gives them.
 * @deprecated Use `FileStat` from `@toolkit/core` (`size`, `mtimeMs`, `kind`, ...); to be removed in 0.3.
 */
export interface FileStat {
  readonly sizeBytes: number;
  readonly mtimeMs: number;
}

/**
 * The filesystem as the walker saw it before the search tools read through
 * core's `FileSource`. Paths are absolute. Still accepted wherever a
 * `FileSource` is (the walk goes through it; contents come from the disk).
 * @deprecated Implement `FileSource` from `@toolkit/core` (or use `LocalFileSource` / `MemoryFileSource`); to be removed in 0.3.
 */
export interface SearchSource {
  /** The entries of a directory, in any order. */
  readDir(absolute: string): Promise<DirEntry[]>;
  /** A whole (small) file, such as an ignore file; undefined when it does not exist. */
  readText(absolute: string): Promise<string | undefined>;
  /** Size and mtime of a path (symlinks are not followed). */
  stat(absolute: string): Promise<FileStat>;
}

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "dir";
  if (entry.isSymbolicLink()) return "symlink";
  return "other";
}

/**
 * The real filesystem, through `node:fs`: directory listings and ignore files
 * are read synchronously (each is microseconds, cheaper than a hop through
 * libuv's thread pool), `stat` through `node:fs/promises`.
 * @deprecated Use `new LocalFileSource()` from `@toolkit/core` (the default); to be removed in 0.3.
 */
export const nodeSearchSource: SearchSource = {
  // One directory read is a few microseconds of synchronous work, far less than
  // a round trip through libuv's thread pool, which is what made walks slow.
  async readDir(absolute) {
    const entries = readdirSync(absolute, { withFileTypes: true });
    return entries.map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
  },
  async readText(absolute) {
    try {
      return readFileSync(absolute, "utf8");
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
      throw error;
    }
  },
  async stat(absolute) {
    const s = await lstat(absolute);
    return { sizeBytes: s.size, mtimeMs: s.mtimeMs };
  },
};
