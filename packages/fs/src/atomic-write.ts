import { randomBytes } from "node:crypto";
import { lstat, open, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { inside, ToolError } from "@toolkit/core";
import { ensureDirInside, escaped, isEscape } from "./ensure-dir-inside.js";
import { errorCode } from "./error-code.js";

/** Options for `writeFileAtomic`. */
export interface AtomicWriteOptions {
  /** Where to write (already checked against the workspace). */
  path: string;
  /** The complete new content. */
  data: Uint8Array;
  /** The workspace's real root; parents and the final directory are re-checked against it. */
  realRoot: string;
  /** Mode for a new file; an existing file keeps its own. @default 0o666 minus umask */
  mode?: number;
  /** Flush the temp file and the directory to disk before and after the rename. @default true */
  fsync?: boolean;
  /** Called with the temp file's path once it is complete, before the last checks and the rename (tracing, tests). */
  beforeRename?: (tempPath: string) => Promise<void>;
}

/**
 * Writes a file so that a reader (or a crash) only ever sees the old or the
 * new content: the bytes go to a temp file in the same directory, which is
 * then renamed over the target. The file mode is kept. Missing parents are
 * created one level at a time, each only after its parent's real path is
 * checked to be inside the root; the real directory is checked again right
 * before the rename, so a symlink swapped in meanwhile is caught.
 */
export async function writeFileAtomic(options: AtomicWriteOptions): Promise<void> {
  const { path, data, realRoot, fsync = true } = options;
  const dir = await ensureDirInside(dirname(path), realRoot);
  const target = join(dir, basename(path));
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) throw ToolError.io(`${path} is a directory`);
  const mode = existing ? existing.mode & 0o7777 : (options.mode ?? 0o666);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", mode);
  try {
    try {
      await handle.writeFile(data);
      if (existing) await handle.chmod(mode);
      if (fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temp);
    await assertStillInside(dir, target, realRoot, path);
    await rename(temp, target);
  } catch (error) {
    // Once the directory leads elsewhere, the temp path would resolve there too: leave the temp
    // file where it is (inside the root, under the moved directory) rather than unlink through a link.
    if (!isEscape(error)) await unlink(temp).catch(() => undefined);
    throw ToolError.is(error)
      ? error
      : ToolError.io(`cannot write ${path} (${errorCode(error)})`, { cause: error });
  }
  if (fsync) await syncDir(dir);
}

async function assertStillInside(
  dir: string,
  target: string,
  realRoot: string,
  asked: string,
): Promise<void> {
  const now = await realpath(dir);
  if (now !== dir || !inside(realRoot, now)) throw escaped(asked, now);
  const link = await lstat(target).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    throw ToolError.permission(
      `${asked} was replaced by a symlink while it was being written; nothing was written`,
      {
        advice: "Check the file with Read, then retry.",
      },
    );
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r").catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
