import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/** An entry with a protected name, and what identifies it. */
export interface ProtectedEntry {
  readonly path: string;
  readonly dir: boolean;
  /** Device and inode, and for a symlink its target: the same key later means the same entry. */
  readonly key: string;
}

/** What the walk for protected names needs of one directory. */
export interface Listing {
  /** How many entries it holds. */
  readonly entries: number;
  /** Its subdirectories (not symlinks) without a protected name, to walk into. */
  readonly subdirs: readonly string[];
  /** Its entries with a protected name. */
  readonly found: readonly ProtectedEntry[];
}

interface Cached extends Listing {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly ctimeNs: bigint;
}

/**
 * A listing younger than this is not kept: the kernel stamps a change with
 * a coarse clock, so a directory changed within the same tick as it was
 * listed could keep its ctime (the "racy" case git's index knows too).
 */
const RACY_NS = 2_000_000_000n;
/** Directories kept before the cache starts over (about 200 bytes each). */
const MAX_CACHED = 500_000;
const cache = new Map<string, Cached>();

/**
 * Lists one directory for the walk, or returns undefined when it is gone or
 * no longer a directory; throws what `readdirSync` throws otherwise. A
 * directory whose device, inode and ctime are those of an earlier listing is
 * not read again: adding, removing or renaming an entry changes the ctime,
 * and no process without the right to set the clock can set it back
 * (`touch -d` sets the mtime, and stamps the ctime with now).
 */
export function listDirectory(
  dir: string,
  names: ReadonlySet<string>,
  namesKey: string,
  nowNs: bigint = BigInt(Date.now()) * 1_000_000n,
): Listing | undefined {
  const info = lstatSync(dir, { bigint: true, throwIfNoEntry: false });
  if (info === undefined || !info.isDirectory()) return undefined;
  const key = `${namesKey}\0${dir}`;
  const cached = cache.get(key);
  if (cached && cached.dev === info.dev && cached.ino === info.ino && cached.ctimeNs === info.ctimeNs) {
    return cached;
  }
  const children = readdirSync(dir, { withFileTypes: true });
  const subdirs: string[] = [];
  const found: ProtectedEntry[] = [];
  for (const child of children) {
    if (names.has(child.name)) {
      const entry = identify(join(dir, child.name));
      if (entry) found.push(entry);
    } else if (child.isDirectory()) subdirs.push(child.name);
  }
  const listing: Cached = {
    entries: children.length,
    subdirs,
    found,
    dev: info.dev,
    ino: info.ino,
    ctimeNs: info.ctimeNs,
  };
  if (nowNs - info.ctimeNs > RACY_NS) {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, listing);
  } else cache.delete(key);
  return listing;
}

function identify(path: string): ProtectedEntry | undefined {
  const info = lstatSync(path, { throwIfNoEntry: false, bigint: true });
  if (info === undefined) return undefined;
  const target = info.isSymbolicLink() ? `:${readlinkSync(path)}` : "";
  return { path, dir: info.isDirectory(), key: `${info.dev}:${info.ino}${target}` };
}
