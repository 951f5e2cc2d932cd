import { constants, fstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { ToolError } from "../errors/error.js";
import { inside } from "../workspace/workspace.js";
import { errorCode } from "./error-code.js";

let procFd: boolean | undefined;

/** True where `/proc/self/fd/N` names the file behind a descriptor (Linux). Checked once. */
export function hasProcFd(): boolean {
  if (procFd === undefined) {
    try {
      procFd = statSync("/proc/self/fd").isDirectory();
    } catch {
      procFd = false;
    }
  }
  return procFd;
}

/**
 * Where an open file is now, as the kernel knows it: `readlink /proc/self/fd/N`
 * on Linux. Without `/proc`, the path's real location, accepted only when it
 * still names the very file that is held open (same device and inode).
 * Synchronous: each step is one short system call, cheaper than a trip
 * through libuv's thread pool (a directory walk makes thousands).
 */
export function heldPath(fd: number, spelled: string): string {
  if (hasProcFd()) {
    const where = readlinkSync(`/proc/self/fd/${fd}`);
    // An unlinked file reads as "<path> (deleted)"; its last place is what counts.
    return where.endsWith(" (deleted)") ? where.slice(0, -" (deleted)".length) : where;
  }
  const real = realpathSync(spelled);
  const held = fstatSync(fd, { bigint: true });
  const named = statSync(real, { bigint: true });
  if (held.dev !== named.dev || held.ino !== named.ino) throw movedAway(spelled);
  return real;
}

/**
 * How to name an entry of a directory that is held open, so that a link
 * swapped into the directory's path cannot redirect it: through
 * `/proc/self/fd/N` on Linux, else the directory's checked real path.
 */
export function entryRef(fd: number, realDir: string): (name: string) => string {
  const base = hasProcFd() ? `/proc/self/fd/${fd}` : realDir;
  return (name) => `${base}/${name}`;
}

/** Read-only open flags that never follow a final link and never block on a fifo. */
export const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** READ_FLAGS for a directory. */
export const DIR_FLAGS = READ_FLAGS | constants.O_DIRECTORY;

/**
 * Throws, and closes the handle, unless the file held open lies under
 * `realRoot`. `asked` names the path in the message.
 */
export async function assertHeldInside(
  handle: FileHandle,
  spelled: string,
  realRoot: string,
  asked: string,
): Promise<string> {
  let where: string;
  try {
    where = heldPath(handle.fd, spelled);
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (ToolError.is(error)) throw error;
    throw movedAway(asked, error);
  }
  if (!inside(realRoot, where)) {
    await handle.close().catch(() => undefined);
    throw openedOutside(asked, where, realRoot);
  }
  return where;
}

/** The refusal of something that, once opened, lay outside the root. */
export function openedOutside(asked: string, where: string, realRoot: string): ToolError {
  return ToolError.permission(
    `${asked} was opened at ${where}, outside the workspace ${realRoot}; it was not used`,
    {
      advice: "A link on the path was changed while it was being opened; use a path inside the workspace.",
    },
  );
}

/** The error for a path that changed between our check and our open. */
export function movedAway(asked: string, cause?: unknown): ToolError {
  const code = cause === undefined ? "" : ` (${errorCode(cause)})`;
  return ToolError.permission(`${asked} changed while it was being opened${code}; it was not used`, {
    advice: "A file or link on the path was replaced meanwhile; check the path, then retry.",
    ...(cause === undefined ? {} : { cause }),
  });
}
