import { open, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { ToolError, type Workspace, type WorkspacePath } from "@toolkit/core";
import { writeFileAtomic } from "./atomic-write.js";
import { errorCode } from "./error-code.js";
import type { DirEntry, FileSource, FileStat, ReadChunksOptions, WriteFileOptions } from "./file-source.js";

/** Options for `LocalFileSource`. */
export interface LocalFileSourceOptions {
  /** Flush written files and their directory to disk (`fsync`). @default true */
  fsync?: boolean;
}

/** The local disk, through `node:fs`. Writes are atomic (temp file + rename). */
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
    if (!s) return undefined;
    const kind = s.isFile() ? "file" : s.isDirectory() ? "directory" : "other";
    return {
      kind,
      size: Number(s.size),
      mode: Number(s.mode & 0o7777n),
      version: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`,
    };
  }

  readFile(path: string): Promise<Uint8Array> {
    return readFile(path).catch((error: unknown) => {
      throw ioError(path, error);
    });
  }

  async *readChunks(path: string, { chunkBytes = 512 * 1024, signal }: ReadChunksOptions = {}) {
    const handle = await open(path, "r").catch((error: unknown) => {
      throw ioError(path, error);
    });
    // Two buffers: the next chunk is read while the caller works on this one.
    let current = Buffer.allocUnsafe(chunkBytes);
    let spare = Buffer.allocUnsafe(chunkBytes);
    let pending = handle.read(current, 0, chunkBytes, null);
    try {
      for (;;) {
        const { bytesRead } = await pending;
        if (signal?.aborted) throw ToolError.cancelled();
        if (bytesRead === 0) return;
        pending = handle.read(spare, 0, chunkBytes, null);
        yield bytesRead === chunkBytes ? current : current.subarray(0, bytesRead);
        [current, spare] = [spare, current];
      }
    } finally {
      await pending.catch(() => undefined);
      await handle.close();
    }
  }

  writeFile(path: string, data: Uint8Array, { mode, realRoot }: WriteFileOptions): Promise<void> {
    return writeFileAtomic({
      path,
      data,
      realRoot,
      fsync: this.#fsync,
      ...(mode === undefined ? {} : { mode }),
    });
  }

  async list(path: string): Promise<DirEntry[]> {
    const entries = await readdir(path, { withFileTypes: true }).catch((error: unknown) => {
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
      const size =
        kind === "file"
          ? await stat(join(path, e.name)).then(
              (s) => s.size,
              () => 0,
            )
          : 0;
      out.push({ name: e.name, kind, size });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
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
