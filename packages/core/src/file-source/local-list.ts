import { closeSync, type Dirent, lstatSync, openSync, readdirSync } from "node:fs";
import { ToolError } from "../errors/error.js";
import { inside } from "../workspace/workspace.js";
import { errorCode } from "./error-code.js";
import type { DirEntry, FileKind } from "./file-source.js";
import { DIR_FLAGS, entryRef, heldPath, movedAway, openedOutside } from "./held-path.js";

/**
 * Lists a directory of the local disk: it is opened without following a final
 * link, proved to lie under `realRoot` (the kernel's name for the descriptor),
 * and read through that descriptor, so a link swapped into the path cannot
 * lead the listing outside. Sizes come from `lstat` through the held
 * directory (a file swapped for a link is never followed).
 *
 * Synchronous on purpose: a walk lists thousands of directories, and each of
 * these system calls takes microseconds, far less than a round trip through
 * libuv's thread pool.
 */
export function listLocal(path: string, realRoot: string, sizes: boolean): DirEntry[] {
  let fd: number;
  try {
    fd = openSync(path, DIR_FLAGS);
  } catch (error) {
    if (errorCode(error) === "ELOOP") throw movedAway(path, error);
    throw listError(path, error);
  }
  try {
    let where: string;
    try {
      where = heldPath(fd, path);
    } catch (error) {
      throw ToolError.is(error) ? error : movedAway(path, error);
    }
    if (!inside(realRoot, where)) throw openedOutside(path, where, realRoot);
    const ref = entryRef(fd, where);
    let entries: Dirent[];
    try {
      entries = readdirSync(ref("."), { withFileTypes: true });
    } catch (error) {
      throw listError(path, error);
    }
    const out: DirEntry[] = [];
    for (const e of entries) {
      const kind: FileKind = e.isSymbolicLink()
        ? "symlink"
        : e.isFile()
          ? "file"
          : e.isDirectory()
            ? "directory"
            : "other";
      if (!sizes) out.push({ name: e.name, kind });
      else out.push({ name: e.name, kind, size: kind === "file" ? fileSize(ref(e.name)) : 0 });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } finally {
    closeSync(fd);
  }
}

/** The size of a regular file, without following a link (0 when it is gone or no longer a file). */
function fileSize(ref: string): number {
  try {
    const s = lstatSync(ref);
    return s.isFile() ? s.size : 0;
  } catch {
    return 0;
  }
}

function listError(path: string, error: unknown): ToolError {
  const code = errorCode(error);
  if (code === "ENOENT") return ToolError.fileNotFound(path, { cause: error });
  return ToolError.io(`cannot read ${path} (${code})`, { cause: error });
}
