import { dirname, sep } from "node:path";
import { ToolError } from "../errors/error.js";
import { inside, type Workspace, type WorkspacePath } from "../workspace/workspace.js";
import type {
  DirEntry,
  FileSource,
  FileStat,
  ListOptions,
  OpenFile,
  OpenOptions,
  ReadChunksOptions,
  ReadFileOptions,
  RenameOptions,
  RemoveFileOptions,
  WriteFileOptions,
} from "./file-source.js";
import { chunksOpened, readOpened } from "./read-opened.js";
import { isDirectory, rootMoved } from "./source-errors.js";

interface MemoryFile {
  data: Uint8Array;
  mode: number;
  generation: number;
  mtimeMs: number;
}

/** Options for `MemoryFileSource`. */
export interface MemoryFileSourceOptions {
  /** Initial files: absolute path to text (UTF-8) or bytes. Parent directories are implied. */
  files?: Record<string, string | Uint8Array>;
}

/**
 * An in-memory file tree for hosts without a disk and for tests. Paths are
 * absolute; there are no symlinks, so the workspace rules are the lexical
 * ones. One instance can back the fs and the search tools at once: what one
 * writes, the other reads.
 */
export class MemoryFileSource implements FileSource {
  readonly #files = new Map<string, MemoryFile>();
  readonly #dirs = new Set<string>();
  #generation = 0;

  constructor({ files = {} }: MemoryFileSourceOptions = {}) {
    for (const [path, content] of Object.entries(files)) this.set(path, content);
  }

  /**
   * Puts a file (as another process would), creating its parents. Throws an
   * `IO` ToolError when `path` is a directory or a parent is a file.
   */
  set(path: string, content: string | Uint8Array, mode = 0o644): void {
    const data = typeof content === "string" ? new TextEncoder().encode(content) : content.slice();
    if (this.#dirs.has(path)) throw isDirectory(path);
    this.#mkdirs(dirname(path));
    this.#files.set(path, { data, mode, generation: ++this.#generation, mtimeMs: Date.now() });
  }

  /** The bytes of a file, or `undefined`. */
  get(path: string): Uint8Array | undefined {
    return this.#files.get(path)?.data.slice();
  }

  /** The file as UTF-8 text, or `undefined`. */
  text(path: string): string | undefined {
    const file = this.#files.get(path);
    return file && new TextDecoder().decode(file.data);
  }

  /** Every file path, sorted. */
  paths(): string[] {
    return [...this.#files.keys()].sort();
  }

  async resolve(workspace: Workspace, path: string, field: string): Promise<WorkspacePath> {
    const absolute = workspace.lexical(path, field);
    const exists = this.#files.has(absolute) || this.#dirs.has(absolute);
    return { absolute, real: absolute, relative: workspace.relative(absolute), exists };
  }

  async realRoot(workspace: Workspace): Promise<string> {
    return workspace.root;
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const file = this.#files.get(path);
    if (file) {
      const { data, mode, generation, mtimeMs } = file;
      const version = `${generation}:${data.length}`;
      return { kind: "file", size: data.length, mode, mtimeMs, version, links: 1 };
    }
    return this.#dirs.has(path)
      ? { kind: "directory", size: 0, mode: 0o755, mtimeMs: 0, version: "dir", links: 1 }
      : undefined;
  }

  async open(path: string, { realRoot }: OpenOptions): Promise<OpenFile> {
    assertInside(realRoot, path);
    const stat = await this.stat(path);
    if (!stat) throw ToolError.fileNotFound(path);
    // A snapshot: later writes to the path do not change what this open file reads.
    const data = this.#files.get(path)?.data ?? new Uint8Array(0);
    return {
      path,
      stat,
      async *readChunks({ chunkBytes = 512 * 1024, signal, start = 0, end = data.length } = {}) {
        for (let at = start; at < Math.min(end, data.length); at += chunkBytes) {
          if (signal?.aborted) throw ToolError.cancelled();
          yield data.subarray(at, Math.min(at + chunkBytes, end));
        }
      },
      readAll: async () => data.slice(),
      close: async () => {},
    };
  }

  read(path: string, { realRoot, signal }: ReadFileOptions): Promise<Uint8Array> {
    return readOpened(path, this.open(path, { realRoot }), signal);
  }

  readChunks(
    path: string,
    { realRoot, ...options }: ReadChunksOptions & OpenOptions,
  ): AsyncIterable<Uint8Array> {
    return chunksOpened(path, () => this.open(path, { realRoot }), options);
  }

  async writeFile(
    path: string,
    data: Uint8Array | AsyncIterable<Uint8Array>,
    { mode = 0o644, realRoot, expectVersion, signal, shown = path }: WriteFileOptions,
  ): Promise<void> {
    assertInside(realRoot, path);
    if (this.#dirs.has(path)) throw isDirectory(shown);
    const bytes = data instanceof Uint8Array ? data : await collect(data, signal);
    if (signal?.aborted) throw ToolError.cancelled();
    if (expectVersion !== undefined && (await this.stat(path))?.version !== expectVersion) {
      throw ToolError.execution(
        `${shown} changed on disk while the change was being prepared; nothing was written`,
        { advice: "Call Read on the file again, then redo the change against its current content." },
      );
    }
    const kept = this.#files.get(path)?.mode ?? mode;
    this.set(path, bytes, kept);
  }

  async remove(path: string, { realRoot, expectVersion, shown = path }: RemoveFileOptions): Promise<void> {
    assertInside(realRoot, path);
    if (this.#dirs.has(path)) throw ToolError.io(`${shown} is a directory; it was not removed`);
    const stat = await this.stat(path);
    if (!stat) throw ToolError.fileNotFound(shown);
    if (expectVersion !== undefined && stat.version !== expectVersion) {
      throw ToolError.execution(
        `${shown} changed on disk while the change was being prepared; it was not removed`,
        {
          advice: "Call Read on the file again, then redo the change against its current content.",
        },
      );
    }
    this.#files.delete(path);
  }

  async list(path: string, { realRoot }: ListOptions): Promise<DirEntry[]> {
    assertInside(realRoot, path);
    if (this.#files.has(path)) throw ToolError.io(`cannot read ${path} (ENOTDIR)`);
    this.#assertNoFileAbove(dirname(path));
    if (!this.#dirs.has(path)) throw ToolError.fileNotFound(path);
    const prefix = path.endsWith(sep) ? path : path + sep;
    const out = new Map<string, DirEntry>();
    for (const dir of this.#dirs) {
      const name = childName(prefix, dir);
      if (name) out.set(name, { name, kind: "directory", size: 0 });
    }
    for (const [file, { data }] of this.#files) {
      const name = childName(prefix, file);
      if (name) out.set(name, { name, kind: "file", size: data.length });
    }
    return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async rename(from: string, to: string, { realRoot, shown = from }: RenameOptions): Promise<void> {
    assertInside(realRoot, from);
    assertInside(realRoot, to);
    if (from === realRoot || to === realRoot) throw rootMoved(from === realRoot ? shown : to);
    this.#assertNoFileAbove(dirname(from));
    const file = this.#files.get(from);
    const isDir = !file && this.#dirs.has(from);
    if (!file && !isDir) throw ToolError.fileNotFound(shown);
    if (isDir && inside(from, to)) throw ToolError.io(`cannot move ${shown} into itself (${to})`);
    if (this.#dirs.has(to)) throw isDirectory(to);
    this.#mkdirs(dirname(to));
    if (file) {
      this.#files.delete(from);
      // Moved, not rewritten: the time stays, the version changes (as a local file's ctime does).
      this.#files.set(to, { ...file, generation: ++this.#generation });
      return;
    }
    if (this.#files.has(to)) throw ToolError.io(`cannot move ${shown} to ${to} (ENOTDIR)`);
    const moved = (path: string) => to + path.slice(from.length);
    for (const dir of [...this.#dirs]) {
      if (!inside(from, dir)) continue;
      this.#dirs.delete(dir);
      this.#dirs.add(moved(dir));
    }
    for (const [path, entry] of [...this.#files]) {
      if (!inside(from, path)) continue;
      this.#files.delete(path);
      this.#files.set(moved(path), { ...entry, generation: ++this.#generation });
    }
  }

  /** Creates `dir` and its parents; an `IO` error when one of them is a file. */
  #mkdirs(dir: string): void {
    this.#assertNoFileAbove(dir);
    for (let d = dir; !this.#dirs.has(d); d = dirname(d)) {
      this.#dirs.add(d);
      if (dirname(d) === d) break;
    }
  }

  /** Throws `IO` when `dir` or one of its parents is a file (nothing can lie below a file). */
  #assertNoFileAbove(dir: string): void {
    for (let d = dir; ; d = dirname(d)) {
      if (this.#files.has(d)) throw ToolError.io(`cannot open ${d} (ENOTDIR)`);
      if (this.#dirs.has(d) || dirname(d) === d) return;
    }
  }
}

function assertInside(realRoot: string, path: string): void {
  if (!inside(realRoot, path)) throw ToolError.permission(`${path} is outside the workspace ${realRoot}`);
}

function childName(prefix: string, path: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest !== "" && !rest.includes(sep) ? rest : undefined;
}

async function collect(
  chunks: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    if (signal?.aborted) throw ToolError.cancelled();
    parts.push(chunk.slice());
  }
  return Buffer.concat(parts);
}
