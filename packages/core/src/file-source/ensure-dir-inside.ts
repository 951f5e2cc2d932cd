import { type FileHandle, mkdir, open, realpath } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { ToolError } from "../errors/error.js";
import { inside } from "../workspace/workspace.js";
import { errorCode } from "./error-code.js";
import { DIR_FLAGS, entryRef, heldPath } from "./held-path.js";

/** A directory held open and checked to lie under the root; entries are named through it. */
export interface HeldDir {
  readonly handle: FileHandle;
  /** The directory's real path when it was checked. */
  readonly real: string;
  /** A path naming `name` inside this very directory (not whatever its path leads to now). */
  ref(name: string): string;
  /** Throws `escaped` unless the directory still lies under the root (it may have been moved). */
  assertInside(asked: string): Promise<void>;
  /** Throws `escaped` unless the directory is still where it was checked (not moved, not gone). */
  assertUnmoved(asked: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens `dir` and holds it, creating it and its missing parents one level at
 * a time inside the directory held before (never through a path that a link
 * could redirect); each level is opened without following links and checked
 * to lie below `realRoot` before anything is created in it.
 */
export async function ensureDirInside(dir: string, realRoot: string, asked = dir): Promise<HeldDir> {
  const missing: string[] = [];
  let current = dir;
  let real: string | undefined;
  while (real === undefined) {
    real = await realpath(current).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT") throw cannotOpen(current, errorCode(error), asked, error);
      return undefined;
    });
    if (real !== undefined) break;
    const parent = dirname(current);
    if (parent === current) throw ToolError.io(`no existing ancestor of ${dir}`);
    missing.push(basename(current));
    current = parent;
  }
  if (!inside(realRoot, real)) throw escaped(asked, real);
  let held = await holdDir(real, real, realRoot, asked);
  for (let name = missing.pop(); name !== undefined; name = missing.pop()) {
    const next = held.ref(name);
    await mkdir(next).catch(async (error: unknown) => {
      if (errorCode(error) === "EEXIST") return;
      await held.close();
      throw ToolError.io(`cannot create ${held.real}/${name} (${errorCode(error)})`, { cause: error });
    });
    const child = await holdDir(next, `${held.real}/${name}`, realRoot, asked).finally(() => held.close());
    held = child;
  }
  return held;
}

/**
 * Opens the existing directory `dir` and holds it, checked to lie below
 * `realRoot`; nothing is created (a missing directory is `FileNotFound`).
 */
export async function holdExistingDir(dir: string, realRoot: string, asked = dir): Promise<HeldDir> {
  const real = await realpath(dir).catch((error: unknown) => {
    const code = errorCode(error);
    if (code === "ENOENT") throw ToolError.fileNotFound(asked, { cause: error });
    throw cannotOpen(dir, code, asked, error);
  });
  if (!inside(realRoot, real)) throw escaped(asked, real);
  return holdDir(real, real, realRoot, asked);
}

/** Opens a directory (no link followed) and checks where it really is. */
async function holdDir(spelled: string, real: string, realRoot: string, asked: string): Promise<HeldDir> {
  const handle = await open(spelled, DIR_FLAGS).catch((error: unknown) => {
    const code = errorCode(error);
    if (code === "ELOOP") throw escaped(asked, `${real} (now a link)`);
    throw cannotOpen(real, code, asked, error);
  });
  // Where the held directory is now; a failure to say counts as outside (fail closed).
  const where = (): string | undefined => {
    try {
      return heldPath(handle.fd, real);
    } catch {
      return undefined;
    }
  };
  const now = where();
  if (now === undefined || !inside(realRoot, now)) {
    await handle.close();
    throw escaped(asked, now ?? `${real} (moved meanwhile)`);
  }
  const ref = entryRef(handle.fd, now);
  return {
    handle,
    real: now,
    ref,
    async assertInside(name: string) {
      const at = where();
      if (at === undefined || !inside(realRoot, at)) throw escaped(name, at ?? `${now} (moved meanwhile)`);
    },
    async assertUnmoved(name: string) {
      const at = where();
      if (at !== now) throw escaped(name, `${at ?? now} (the directory was moved meanwhile)`);
    },
    close: () => handle.close(),
  };
}

const ESCAPES = new WeakSet<ToolError>();

/** True for the error `escaped` made. */
export function isEscape(error: unknown): boolean {
  return error instanceof ToolError && ESCAPES.has(error);
}

/** The Permission error for a directory that now leads outside the root. */
export function escaped(asked: string, real: string): ToolError {
  const error = ToolError.permission(
    `${asked} now resolves to ${real}, outside the workspace; nothing was written`,
    {
      advice:
        "A directory on the path was changed to a link that leaves the workspace; do not retry this path.",
    },
  );
  ESCAPES.add(error);
  return error;
}

/** An IO error naming the path the caller asked about first, then the directory that could not be opened. */
function cannotOpen(dir: string, code: string, asked: string, cause: unknown): ToolError {
  const prefix = asked === dir ? "" : `${asked}: `;
  return ToolError.io(`${prefix}cannot open ${dir} (${code})`, { cause });
}
