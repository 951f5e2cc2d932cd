import type { BigIntStats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { ToolError } from "../errors/error.js";
import { errorCode } from "./error-code.js";
import type { FileStat, OpenFile, ReadChunksOptions } from "./file-source.js";
import { assertHeldInside, movedAway, READ_FLAGS } from "./held-path.js";

/** A FileStat from a bigint stat (an `lstat` of a link gives kind `symlink`). */
export function toFileStat(s: BigIntStats): FileStat {
  const kind = s.isFile() ? "file" : s.isDirectory() ? "directory" : s.isSymbolicLink() ? "symlink" : "other";
  return {
    kind,
    size: Number(s.size),
    mode: Number(s.mode & 0o7777n),
    mtimeMs: Number(s.mtimeNs) / 1e6,
    version: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`,
    links: Number(s.nlink),
  };
}

/**
 * Opens `path` for reading without following a final link or blocking on a
 * fifo, then proves that the opened file lies under `realRoot` (the kernel's
 * name for the descriptor on Linux). Stat and reads then go through that
 * descriptor only.
 */
export async function openLocalFile(path: string, realRoot: string): Promise<OpenFile> {
  const handle = await open(path, READ_FLAGS).catch((error: unknown) => {
    const code = errorCode(error);
    // ENOTDIR: a file stands where a directory of the path should; nothing is at the path.
    if (code === "ENOENT" || code === "ENOTDIR") throw ToolError.fileNotFound(path, { cause: error });
    if (code === "ELOOP") throw movedAway(path, error);
    throw ToolError.io(`cannot open ${path} (${code})`, { cause: error });
  });
  const where = await assertHeldInside(handle, path, realRoot, path);
  try {
    return new LocalOpenFile(handle, where, toFileStat(await handle.stat({ bigint: true })));
  } catch (error) {
    await handle.close();
    throw ToolError.io(`cannot stat ${path} (${errorCode(error)})`, { cause: error });
  }
}

class LocalOpenFile implements OpenFile {
  readonly #handle: FileHandle;
  readonly path: string;
  readonly stat: FileStat;

  constructor(handle: FileHandle, path: string, stat: FileStat) {
    this.#handle = handle;
    this.path = path;
    this.stat = stat;
  }

  readChunks(options: ReadChunksOptions = {}): AsyncIterable<Uint8Array> {
    return readChunksAt(this.#handle, { end: this.stat.size, ...options });
  }

  async readAll(): Promise<Uint8Array> {
    const out = Buffer.allocUnsafe(this.stat.size);
    let at = 0;
    while (at < out.length) {
      const { bytesRead } = await this.#handle.read(out, at, out.length - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === out.length ? out : out.subarray(0, at);
  }

  close(): Promise<void> {
    return this.#handle.close();
  }
}

/**
 * Reads `[start, end)` of an open file in chunks at explicit positions, the
 * next chunk read while the caller works on this one (two buffers).
 */
async function* readChunksAt(
  handle: FileHandle,
  { chunkBytes = 512 * 1024, signal, start = 0, end = Number.POSITIVE_INFINITY }: ReadChunksOptions,
): AsyncGenerator<Uint8Array> {
  let current = Buffer.allocUnsafe(chunkBytes);
  let spare = Buffer.allocUnsafe(chunkBytes);
  let at = start;
  const next = (buffer: Buffer) => handle.read(buffer, 0, Math.max(0, Math.min(chunkBytes, end - at)), at);
  let pending = next(current);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (signal?.aborted) throw ToolError.cancelled();
      if (bytesRead === 0) return;
      at += bytesRead;
      pending = next(spare);
      yield bytesRead === chunkBytes ? current : current.subarray(0, bytesRead);
      [current, spare] = [spare, current];
    }
  } finally {
    await pending.catch(() => undefined);
  }
}
