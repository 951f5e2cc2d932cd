import { lstat, unlink } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { ToolError } from "../errors/error.js";
import { ensureDirInside } from "./ensure-dir-inside.js";
import { errorCode } from "./error-code.js";
import { toFileStat } from "./local-open-file.js";

/** Options for `removeFileInside`. */
export interface RemoveFileInsideOptions {
  /** The file (already checked against the workspace). */
  path: string;
  /** The workspace's real root; the file's directory is held open and checked against it. */
  realRoot: string;
  /** When given, the file must still have this version (`FileStat.version`) right before it goes. */
  expectVersion?: string;
  /** Flush the directory to disk afterwards. @default true */
  fsync?: boolean;
  /** How messages name the file. @default path */
  shown?: string;
}

/**
 * Removes a file through its directory, held open and checked to lie under
 * the root (so a link swapped into the path cannot lead the removal
 * outside). A link or a directory at the path is refused, and so is a file
 * that changed since `expectVersion`.
 */
export async function removeFileInside(options: RemoveFileInsideOptions): Promise<void> {
  const { path, realRoot, fsync = true } = options;
  const shown = options.shown ?? path;
  // The directory must already exist: holding it would otherwise create it.
  await lstat(dirname(path)).catch((error: unknown) => {
    throw ToolError.fileNotFound(shown, { cause: error });
  });
  const dir = await ensureDirInside(dirname(path), realRoot, shown);
  try {
    const target = dir.ref(basename(path));
    const now = await lstat(target, { bigint: true }).catch((error: unknown) => {
      if (errorCode(error) === "ENOENT") throw ToolError.fileNotFound(shown, { cause: error });
      throw ToolError.io(`cannot remove ${shown} (${errorCode(error)})`, { cause: error });
    });
    if (now.isSymbolicLink()) throw ToolError.permission(`${shown} is a symlink; it was not removed`);
    if (now.isDirectory()) throw ToolError.io(`${shown} is a directory; it was not removed`);
    if (options.expectVersion !== undefined && toFileStat(now).version !== options.expectVersion) {
      throw ToolError.execution(
        `${shown} changed on disk while the change was being prepared; it was not removed`,
        {
          advice: "Call Read on the file again, then redo the change against its current content.",
        },
      );
    }
    await dir.assertUnmoved(shown);
    await unlink(target).catch((error: unknown) => {
      throw ToolError.io(`cannot remove ${shown} (${errorCode(error)})`, { cause: error });
    });
    if (fsync) await dir.handle.sync().catch(() => undefined);
  } finally {
    await dir.close().catch(() => undefined);
  }
}
