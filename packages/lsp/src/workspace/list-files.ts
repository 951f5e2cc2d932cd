import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";

/** Folders never walked: dependencies, VCS data, build output, caches. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  "node_modules",
  ".git",
  ".hg",
  "dist",
  "build",
  "out",
  ".venv",
  "venv",
  "__pycache__",
  ".turbo",
  "target",
]);

/**
 * Files under `root` whose extension is in `extensions`, breadth first,
 * skipping `SKIPPED_DIRS` and dot-folders, at most `maxFiles`.
 */
export async function listFiles(
  root: string,
  extensions: ReadonlySet<string>,
  maxFiles: number,
): Promise<string[]> {
  const found: string[] = [];
  const queue = [root];
  while (queue.length > 0 && found.length < maxFiles) {
    const dir = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) queue.push(join(dir, entry.name));
      } else if (entry.isFile() && extensions.has(extname(entry.name))) {
        found.push(join(dir, entry.name));
        if (found.length >= maxFiles) break;
      }
    }
  }
  return found;
}
