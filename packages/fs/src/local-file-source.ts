import { lstat, open, readdir, stat } from "node:fs/promises";
import { ToolError, type Workspace, type WorkspacePath } from "@toolkit/core";
import { writeFileAtomic } from "./atomic-write.js";
import { errorCode } from "./error-code.js";
import type {
  DirEntry,
  FileSource,
  FileStat,
  OpenFile,
  OpenOptions,
  RemoveFileOptions,
  WriteFileOptions,
} from "./file-source.js";
import { assertHeldInside, DIR_FLAGS, entryRef, movedAway } from "./held-path.js";
import { openLocalFile, toFileStat } from "./local-open-file.js";
import { removeFileInside } from "./remove-file.js";

/** Options for `LocalFileSource`. */
export interface LocalFileSourceOptions {
  /** Flush written files and their directory to disk (`fsync`). @default true */
  fsync?: boolean;
}

/**
 * The local disk, through `node:fs`. Files and directories are opened first
 * and then proved to lie under the workspace's real root (on Linux through
 * `/proc/self/fd`); every read, listing and write goes through what was
 * opened. Writes are atomic (temp file + rename inside a held directory).
 */
export class LocalFileSource implements FileSource {
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

  async stat(path: string): Promise<FileStat | undefined> {
    const s = await stat(path, { bigint: true }).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw ioError(path, error);
    });
    return s && toFileStat(s);
  }

  open(path: string, { realRoot }: OpenOptions): Promise<OpenFile> {
    return openLocalFile(path, realRoot);
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

  async list(path: string, { realRoot }: OpenOptions): Promise<DirEntry[]> {
    const handle = await open(path, DIR_FLAGS).catch((error: unknown) => {
      if (errorCode(error) === "ELOOP") throw movedAway(path, error);
      throw ioError(path, error);
    });
    try {
      const where = await assertHeldInside(handle, path, realRoot, path);
      const ref = await entryRef(handle, where);
      const entries = await readdir(ref("."), { withFileTypes: true }).catch((error: unknown) => {
        throw ioError(path, error);
      });
      const out: DirEntry[] = [];
      for (const e of entries) {
        const kind = e.isSymbolicLink()
          ? "symlink"
          : e.isFile()
            ? "file"
            : e.isDirectory()
              ? "directory"
              : "other";
        // lstat through the held directory: an entry swapped for a link is not followed.
        const size =
          kind === "file"
            ? await lstat(ref(e.name)).then(
                (s) => (s.isFile() ? s.size : 0),
                () => 0,
              )
            : 0;
        out.push({ name: e.name, kind, size });
      }
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } finally {
      await handle.close().catch(() => undefined);
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
