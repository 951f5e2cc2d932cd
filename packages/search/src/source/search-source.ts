import { readdirSync, readFileSync } from "node:fs";
import { lstat } from "node:fs/promises";

/** What a directory entry is, without following symlinks. */
export type EntryKind = "file" | "dir" | "symlink" | "other";

/** One entry of a directory listing. */
export interface DirEntry {
  /** The entry's name (no slashes). */
  readonly name: string;
  /** Its kind, as `lstat` would say. */
  readonly kind: EntryKind;
}

/** Size and modification time of a file. */
export interface FileStat {
  readonly sizeBytes: number;
  readonly mtimeMs: number;
}

/**
 * The filesystem as the walker sees it: the seam hosts and tests swap. Paths
 * are absolute. The default is `nodeSearchSource`, the real disk.
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
