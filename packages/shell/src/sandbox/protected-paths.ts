import { accessSync, constants, cpSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Listing, listDirectory, type ProtectedEntry } from "./listing-cache.js";

export type { ProtectedEntry } from "./listing-cache.js";

/**
 * Names that run code on the user's next command when written: git metadata
 * (`.git` directories and `gitdir:` files, `.gitmodules`), git hook
 * managers (`.husky`), direnv (`.envrc`) and editor folders (`.vscode`,
 * `.idea`, whose tasks and settings editors run).
 */
export const DEFAULT_PROTECT: readonly string[] = Object.freeze([
  ".git",
  ".gitmodules",
  ".husky",
  ".envrc",
  ".vscode",
  ".idea",
]);

/** How many entries the start-of-command walk visits before it refuses. */
export const DEFAULT_SCAN_MAX_ENTRIES = 1_000_000;

/** The protected entries found in the writable places when a command starts. */
export interface ProtectScan {
  readonly names: readonly string[];
  /** The writable directories walked. */
  readonly roots: readonly string[];
  readonly entries: readonly ProtectedEntry[];
}

/** Raised when the walk cannot vouch for a writable place; the command is not run. */
export class ProtectScanError extends Error {
  override readonly name = "ProtectScanError";
}

/** Options for `scanProtected`. */
export interface ScanProtectedOptions {
  /** Writable directories (real paths). */
  roots: readonly string[];
  names: readonly string[];
  /** Entries visited before the walk gives up and throws. @default DEFAULT_SCAN_MAX_ENTRIES */
  maxEntries?: number;
}

/**
 * Walks the writable places (without following symlinks or descending into
 * protected entries) and lists every entry with a protected name, to be
 * bound read-only. Fails closed: more entries than `maxEntries`, or a
 * directory it cannot list, throws a `ProtectScanError`, since a command
 * could write where the walk did not look.
 */
export function scanProtected({
  roots,
  names,
  maxEntries = DEFAULT_SCAN_MAX_ENTRIES,
}: ScanProtectedOptions): ProtectScan {
  const entries = walk(
    nested(roots),
    new Set(names),
    (dir, error) => {
      throw new ProtectScanError(
        `cannot list ${dir} to check it for protected names (${error}); the command was not run`,
      );
    },
    maxEntries,
  );
  return { names, roots, entries: entries.sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

/** What `sweepProtected` did. */
export interface SweepResult {
  /** Entries moved into the quarantine directory, relative to their writable place. */
  readonly moved: readonly string[];
  /** The quarantine directory (created only when something was moved). */
  readonly quarantine: string;
  /** Entries or directories that could not be checked or moved. */
  readonly failed: readonly string[];
}

/** Options for `sweepProtected`. */
export interface SweepProtectedOptions {
  scan: ProtectScan;
  /** Where new protected entries go; created on demand. */
  quarantine: string;
  /** Moves one entry (a seam for tests). @default `moveEntry` */
  move?: (from: string, to: string) => void;
}

/**
 * After a command: walks the same places again (with no entry budget, so a
 * command cannot hide behind many files) and moves every entry with a
 * protected name that was not there at the start into `quarantine`,
 * keeping its path below it. An entry counts as the same when its device
 * and inode (and, for a symlink, its target) match: the read-only bound
 * entries of the start cannot be removed, so their inodes are never reused.
 */
export function sweepProtected({ scan, quarantine, move = moveEntry }: SweepProtectedOptions): SweepResult {
  const known = new Set(scan.entries.map((e) => e.key));
  const failed: string[] = [];
  const found = walk(
    nested(scan.roots),
    new Set(scan.names),
    (dir) => failed.push(dir),
    Number.POSITIVE_INFINITY,
  );
  const moved: string[] = [];
  for (const entry of found) {
    if (known.has(entry.key)) continue;
    const root = nested(scan.roots).find((r) => entry.path.startsWith(`${r}/`)) ?? "";
    const relative = entry.path.slice(root.length + 1);
    try {
      move(entry.path, join(quarantine, relative));
      moved.push(relative);
    } catch {
      failed.push(entry.path);
    }
  }
  return { moved: moved.sort(), quarantine, failed };
}

/** Moves `from` to `to` (parents created): a rename, or across devices a copy and then a removal. */
export function moveEntry(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true });
    rmSync(from, { recursive: true, force: true });
  }
}

function walk(
  roots: readonly string[],
  names: ReadonlySet<string>,
  unreadable: (dir: string, error: string) => void,
  maxEntries: number,
): ProtectedEntry[] {
  const found: ProtectedEntry[] = [];
  const namesKey = [...names].sort().join("/");
  const stack = [...roots];
  let visited = 0;
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    let listing: Listing | undefined;
    try {
      listing = listDirectory(dir, names, namesKey);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      // Gone meanwhile (a command or the user removed it): nothing left to protect there.
      // A folder of another user that we may not even search is closed to the command too.
      if (code !== "ENOENT" && code !== "ENOTDIR" && !closedToUs(dir)) unreadable(dir, code);
      continue;
    }
    if (listing === undefined) continue;
    visited += listing.entries;
    if (visited > maxEntries) {
      throw new ProtectScanError(
        `the writable places hold more than ${maxEntries} entries, more than the walk for protected names (${[...names].join(", ")}) may visit; the command was not run`,
      );
    }
    found.push(...listing.found);
    for (const sub of listing.subdirs) stack.push(join(dir, sub));
  }
  return found;
}

/**
 * True when this process can neither search `dir` nor change its mode (it
 * belongs to another user): then a sandboxed command, with the same user
 * and no capabilities, cannot reach or create anything inside it either.
 */
function closedToUs(dir: string): boolean {
  try {
    accessSync(dir, constants.X_OK);
    return false;
  } catch {
    const owner = statSync(dir, { throwIfNoEntry: false })?.uid;
    return owner !== undefined && owner !== process.getuid?.();
  }
}

/** The roots that are not inside another root (each is walked once). */
function nested(roots: readonly string[]): string[] {
  return roots.filter((r) => !roots.some((o) => o !== r && r.startsWith(`${o}/`)));
}
