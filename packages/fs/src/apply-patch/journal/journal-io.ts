import { constants } from "node:fs";
import { open, readdir, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import type { FileSource } from "@toolkit/core";
import { sha256 } from "./journal-record.js";

/** Writes a small file at the root and flushes it; `exclusive` refuses one already there (never follows a link). */
export async function writeFlushed(path: string, text: string, { exclusive = false } = {}): Promise<void> {
  const handle = await open(path, exclusive ? "wx" : "w", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `text` to `tmp` (a new file: a link planted there is refused, never
 * followed), flushes it, renames it to `path` and flushes the directory.
 */
export async function replaceFlushed(tmp: string, path: string, text: string): Promise<void> {
  await unlinkIfThere(tmp);
  await writeFlushed(tmp, text, { exclusive: true });
  await rename(tmp, path);
  await syncDir(dirname(path));
}

/** Flushes a directory's entries (renames and removals in it) to disk. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/** Removes a file if it is there. */
export async function unlinkIfThere(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** A small root file's text, undefined when absent; a link there is not followed (it reads as damaged). */
export async function readIfThere(path: string): Promise<string | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      if (error.code === "ELOOP") return "";
      throw error;
    },
  );
  if (handle === undefined || typeof handle === "string") return handle;
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/** The names in the root. */
export function rootNames(realRoot: string): Promise<string[]> {
  return readdir(realRoot);
}

/** The SHA-256 of a file read through the source (contained under `realRoot`), undefined when it is not there. */
export async function hashOf(
  source: FileSource,
  path: string,
  realRoot: string,
): Promise<string | undefined> {
  const stat = await source.stat(path);
  if (!stat) return undefined;
  const bytes = await source.read(path, { realRoot });
  return sha256(bytes);
}
