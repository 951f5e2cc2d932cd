import { lstat, rename as move, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { ToolError } from "../errors/error.js";
import { inside, type Workspace, type WorkspacePath } from "../workspace/workspace.js";
import { writeFileAtomic } from "./atomic-write.js";
import { ensureDirInside, type HeldDir, holdExistingDir } from "./ensure-dir-inside.js";
import { errorCode } from "./error-code.js";
import type {
  DirEntry,
  FileSource,
  FileStat,
  ListOptions,
  OpenFile,
  OpenOptions,
  ReadChunksOptions,
  ReadFileOptions,
  RemoveFileOptions,
  RenameOptions,
  StatOptions,
  WriteFileOptions,
} from "./file-source.js";
import { listLocal } from "./local-list.js";
import { openLocalFile, toFileStat } from "./local-open-file.js";
import { chunksOpened, readOpened } from "./read-opened.js";
import { removeFileInside } from "./remove-file.js";
import { isDirectory, rootMoved } from "./source-errors.js";

/** Options for `LocalFileSource`. */
export interface LocalFileSourceOptions {
  /** Flush written files and their directory to disk (`fsync`). @default true */
  fsync?: boolean;
}

/**
 * The local disk, through `node:fs`. Files and directories are opened first
 * and then proved to lie under the workspace's real root (on Linux through
 * `/proc/self/fd`); every read, listing, write and rename goes through what
 * was opened. Writes are atomic (temp file + rename inside a held directory).
 */
export class LocalFileSource implements FileSource {
  /** The paths are the local disk's own (ripgrep and worker threads may read them). */
  readonly local = true;
  readonly #fsync: boolean;

  constructor({ fsync = true }: LocalFileSourceOptions = {}) {
    this.#fsync = fsync;
  }

  resolve(workspace: Workspace, path: string, field: string): Promise<WorkspacePath> {
    return workspace.resolve(path, field);
  }

  realRoot(workspace: Workspace): Promise<string> {
    return workspace.realRoot();
  }

  async stat(path: string, { followLinks = true }: StatOptions = {}): Promise<FileStat | undefined> {
    const s = await (followLinks ? stat : lstat)(path, { bigint: true }).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw ioError(path, error);
    });
    return s && toFileStat(s);
  }

  open(path: string, { realRoot }: OpenOptions): Promise<OpenFile> {
    return openLocalFile(path, realRoot);
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

  writeFile(
    path: string,
    data: Uint8Array | AsyncIterable<Uint8Array>,
    { mode, realRoot, expectVersion, signal, shown }: WriteFileOptions,
  ): Promise<void> {
    return writeFileAtomic({
      path,
      data,
      realRoot,
      fsync: this.#fsync,
      ...(mode === undefined ? {} : { mode }),
      ...(expectVersion === undefined ? {} : { expectVersion }),
      ...(signal === undefined ? {} : { signal }),
      ...(shown === undefined ? {} : { shown }),
    });
  }

  remove(path: string, { realRoot, expectVersion, shown }: RemoveFileOptions): Promise<void> {
    return removeFileInside({
      path,
      realRoot,
      fsync: this.#fsync,
      ...(expectVersion === undefined ? {} : { expectVersion }),
      ...(shown === undefined ? {} : { shown }),
    });
  }

  async list(path: string, { realRoot, sizes = false }: ListOptions): Promise<DirEntry[]> {
    return listLocal(path, realRoot, sizes);
  }

  /**
   * Both parent directories are held open and checked to lie under the root
   * (`to`'s created as needed), and the entry is renamed between those very
   * directories. If `to`'s directory is found outside the root afterwards (it
   * was moved meanwhile), the entry is moved back.
   */
  async rename(from: string, to: string, { realRoot, shown = from }: RenameOptions): Promise<void> {
    if (from === realRoot || to === realRoot) throw rootMoved(from === realRoot ? shown : to);
    const source = await holdExistingDir(dirname(from), realRoot, shown);
    try {
      const name = basename(from);
      const moving = await lstat(source.ref(name), { bigint: true }).catch((error: unknown) => {
        if (isMissing(error)) throw ToolError.fileNotFound(shown, { cause: error });
        throw ioError(shown, error);
      });
      if (moving.isDirectory() && inside(from, to))
        throw ToolError.io(`cannot move ${shown} into itself (${to})`);
      const target = await ensureDirInside(dirname(to), realRoot, to);
      try {
        await this.#renameHeld(source, name, target, basename(to), moving, { shown, to });
      } finally {
        await target.close().catch(() => undefined);
      }
    } finally {
      await source.close().catch(() => undefined);
    }
  }

  async #renameHeld(
    source: HeldDir,
    name: string,
    target: HeldDir,
    toName: string,
    moving: { dev: bigint; ino: bigint },
    { shown, to }: { shown: string; to: string },
  ): Promise<void> {
    const there = await lstat(target.ref(toName)).catch(() => undefined);
    if (there?.isDirectory()) throw isDirectory(to);
    await source.assertUnmoved(shown);
    await target.assertUnmoved(to);
    await move(source.ref(name), target.ref(toName)).catch((error: unknown) => {
      throw ToolError.io(`cannot move ${shown} to ${to} (${errorCode(error)})`, { cause: error });
    });
    try {
      await target.assertInside(to);
    } catch (error) {
      // The target directory left the root meanwhile: take the entry back out of it.
      const now = await lstat(target.ref(toName), { bigint: true }).catch(() => undefined);
      if (now && now.dev === moving.dev && now.ino === moving.ino)
        await move(target.ref(toName), source.ref(name)).catch(() => undefined);
      throw error;
    }
    if (this.#fsync) {
      await source.handle.sync().catch(() => undefined);
      await target.handle.sync().catch(() => undefined);
    }
  }
}

function isMissing(error: unknown): boolean {
  const c = errorCode(error);
  return c === "ENOENT" || c === "ENOTDIR";
}

function ioError(path: string, error: unknown): ToolError {
  const c = errorCode(error);
  if (c === "ENOENT") return ToolError.fileNotFound(path, { cause: error });
  return ToolError.io(`cannot read ${path} (${c})`, { cause: error });
}
