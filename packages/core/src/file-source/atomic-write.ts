import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, rename as move, open, unlink } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { ToolError } from "../errors/error.js";
import { ensureDirInside, type HeldDir, isEscape } from "./ensure-dir-inside.js";
import { errorCode } from "./error-code.js";
import { toFileStat } from "./local-open-file.js";
import { isDirectory } from "./source-errors.js";

/** Options for `writeFileAtomic`. */
export interface AtomicWriteOptions {
  /** Where to write (already checked against the workspace). */
  path: string;
  /** The complete new content, whole or as chunks. */
  data: Uint8Array | AsyncIterable<Uint8Array>;
  /** The workspace's real root; parents and the final directory are re-checked against it. */
  realRoot: string;
  /** Mode for a new file; an existing file keeps its own. @default 0o666 minus umask */
  mode?: number;
  /** Flush the temp file and the directory to disk before and after the rename. @default true */
  fsync?: boolean;
  /** When given, the file must still have this version (`FileStat.version`) right before the rename. */
  expectVersion?: string;
  /** Stops the write before the rename when it fires (the temp file is removed). */
  signal?: AbortSignal;
  /** How messages name the file. @default path */
  shown?: string;
  /** Called with the temp file's path once it is complete, before the last checks and the rename (tracing, tests). */
  beforeRename?: (tempPath: string) => Promise<void>;
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes a file so that a reader (or a crash) only ever sees the old or the
 * new content: the bytes go to a temp file created inside the target's
 * directory, held open and checked to lie under the root, and the temp file
 * is renamed over the target inside that same directory. The file mode is
 * kept. After the rename the directory is checked again and the target must
 * be the file just written.
 */
export async function writeFileAtomic(options: AtomicWriteOptions): Promise<void> {
  const { path, realRoot, fsync = true } = options;
  const dir = await ensureDirInside(dirname(path), realRoot, options.shown ?? path);
  try {
    await writeInto(dir, basename(path), options);
    if (fsync) await dir.handle.sync().catch(() => undefined);
  } finally {
    await dir.close().catch(() => undefined);
  }
}

async function writeInto(dir: HeldDir, name: string, options: AtomicWriteOptions): Promise<void> {
  const { path, data, fsync = true } = options;
  const shown = options.shown ?? path;
  const target = dir.ref(name);
  const existing = await lstat(target, { bigint: true }).catch(() => undefined);
  if (existing?.isSymbolicLink()) throw replacedByLink(shown);
  if (existing?.isDirectory()) throw isDirectory(shown);
  const mode = existing ? Number(existing.mode & 0o7777n) : (options.mode ?? 0o666);
  const tempName = `.${name}.${randomBytes(6).toString("hex")}.tmp`;
  const temp = dir.ref(tempName);
  const handle = await open(temp, CREATE, mode);
  let written: { dev: bigint; ino: bigint };
  try {
    try {
      if (data instanceof Uint8Array) await handle.writeFile(data);
      else
        for await (const chunk of data) {
          if (options.signal?.aborted) throw ToolError.cancelled();
          await handle.write(chunk);
        }
      if (existing) await handle.chmod(mode);
      if (fsync) await handle.sync();
      written = await handle.stat({ bigint: true });
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temp);
    if (options.signal?.aborted) throw ToolError.cancelled();
    await dir.assertUnmoved(shown);
    await assertTarget(target, shown, options.expectVersion);
    await rename(temp, target, shown);
  } catch (error) {
    // Without /proc the temp path goes through the directory's path: once that leads elsewhere,
    // leave the temp file where it is (inside the root, under the moved directory).
    if (!isEscape(error) || temp.startsWith("/proc/")) await unlink(temp).catch(() => undefined);
    throw ToolError.is(error)
      ? error
      : ToolError.io(`cannot write ${shown} (${errorCode(error)})`, { cause: error });
  }
  await assertLanded(dir, target, shown, written);
}

async function rename(from: string, to: string, asked: string): Promise<void> {
  await move(from, to).catch((error: unknown) => {
    throw ToolError.io(`cannot write ${asked} (${errorCode(error)})`, { cause: error });
  });
}

/** Refuses a target that became a link, or that changed (another writer) since the caller read it. */
async function assertTarget(target: string, asked: string, version: string | undefined): Promise<void> {
  const now = await lstat(target, { bigint: true }).catch(() => undefined);
  if (now?.isSymbolicLink()) throw replacedByLink(asked);
  if (version !== undefined && (!now || toFileStat(now).version !== version)) {
    throw ToolError.execution(
      `${asked} changed on disk while the change was being prepared; nothing was written`,
      { advice: "Call Read on the file again, then redo the change against its current content." },
    );
  }
}

/**
 * After the rename: the directory must still lie under the root and hold the
 * file just written under the target name. If the directory was moved
 * outside meanwhile, the new file is taken back out of it.
 */
async function assertLanded(
  dir: HeldDir,
  target: string,
  asked: string,
  written: { dev: bigint; ino: bigint },
): Promise<void> {
  try {
    await dir.assertInside(asked);
  } catch (error) {
    const now = await lstat(target, { bigint: true }).catch(() => undefined);
    if (now && now.dev === written.dev && now.ino === written.ino && target.startsWith("/proc/"))
      await unlink(target).catch(() => undefined);
    throw error;
  }
}

function replacedByLink(asked: string): ToolError {
  return ToolError.permission(
    `${asked} was replaced by a symlink while it was being written; nothing was written`,
    {
      advice: "Check the file with Read, then retry.",
    },
  );
}
