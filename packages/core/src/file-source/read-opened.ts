import { ToolError } from "../errors/error.js";
import type { OpenFile, ReadChunksOptions } from "./file-source.js";
import { isDirectory } from "./source-errors.js";

/**
 * `FileSource.read` on top of `open`: the whole file, read through what was
 * opened and checked, and closed again. A directory is refused.
 */
export async function readOpened(
  path: string,
  opened: Promise<OpenFile>,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const file = await opened;
  try {
    if (file.stat.kind === "directory") throw isDirectory(path);
    if (signal?.aborted) throw ToolError.cancelled();
    return await file.readAll();
  } finally {
    await file.close();
  }
}

/**
 * `FileSource.readChunks` on top of `open`: the file is opened when the
 * reader asks for the first chunk, and closed when it stops.
 */
export async function* chunksOpened(
  path: string,
  open: () => Promise<OpenFile>,
  options: ReadChunksOptions,
): AsyncGenerator<Uint8Array> {
  const file = await open();
  try {
    if (file.stat.kind === "directory") throw isDirectory(path);
    yield* file.readChunks(options);
  } finally {
    await file.close();
  }
}
