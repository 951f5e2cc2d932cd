import {
  type DirEntry,
  type FileSource,
  type FileStat,
  LocalFileSource,
  type StatOptions,
  ToolError,
} from "@toolkit/core";
import type { SearchSource } from "./search-source.js";

/** A search tool's `source` option: core's seam, or the deprecated `SearchSource`. */
export type SourceOption = FileSource | SearchSource;

const adapted = new WeakMap<SearchSource, FileSource>();

/**
 * The FileSource behind a `source` option: a FileSource as it is; a
 * deprecated `SearchSource` behaves as it did, its listings, ignore files and
 * times from it, and everything else (targets, contents) from the local disk.
 */
export function toFileSource(source: SourceOption | undefined): FileSource {
  if (source === undefined) return new LocalFileSource();
  if (!isSearchSource(source)) return source;
  let found = adapted.get(source);
  if (found === undefined) {
    found = legacy(source);
    adapted.set(source, found);
  }
  return found;
}

function isSearchSource(source: SourceOption): source is SearchSource {
  return typeof (source as Partial<SearchSource>).readDir === "function" && !("list" in source);
}

function legacy(old: SearchSource): FileSource {
  const disk = new LocalFileSource();
  return {
    local: true,
    resolve: (workspace, path, field) => disk.resolve(workspace, path, field),
    // The walk through a SearchSource was never checked against the root (it may not exist on disk).
    realRoot: (workspace) => disk.realRoot(workspace).catch(() => workspace.root),
    async stat(path: string, options?: StatOptions): Promise<FileStat | undefined> {
      if (options?.followLinks !== false) return disk.stat(path, options);
      // What the walker asked a SearchSource for: size and time, links not followed.
      const s = await old.stat(path).catch(() => undefined);
      return s && { kind: "file", size: s.sizeBytes, mode: 0, mtimeMs: s.mtimeMs, version: "", links: 1 };
    },
    open: (path, options) => disk.open(path, options),
    async read(path) {
      const text = await old.readText(path);
      if (text === undefined) throw ToolError.fileNotFound(path);
      return new TextEncoder().encode(text);
    },
    readChunks: (path, options) => disk.readChunks(path, options),
    async list(path): Promise<DirEntry[]> {
      const entries = await old.readDir(path);
      return entries
        .map((e) => ({ name: e.name, kind: e.kind === "dir" ? ("directory" as const) : e.kind }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    writeFile: (path, data, options) => disk.writeFile(path, data, options),
    rename: (from, to, options) => disk.rename(from, to, options),
  };
}
