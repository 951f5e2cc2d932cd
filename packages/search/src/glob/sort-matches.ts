import { join } from "node:path";
import type { FileSource } from "@toolkit/core";

/** Compares strings by UTF-16 code units, as git sorts paths. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts paths by path, or by modification time (newest first, then by path). */
export async function sortMatches(options: {
  source: FileSource;
  root: string;
  paths: string[];
  by: "path" | "mtime";
}): Promise<string[]> {
  const { source, root, paths, by } = options;
  if (by === "path") return [...paths].sort(byPath);
  const stamped = await Promise.all(
    paths.map(async (path) => ({
      path,
      mtimeMs: await source.stat(join(root, path), { followLinks: false }).then(
        (s) => s?.mtimeMs ?? 0,
        () => 0,
      ),
    })),
  );
  stamped.sort((a, b) => b.mtimeMs - a.mtimeMs || byPath(a.path, b.path));
  return stamped.map((s) => s.path);
}
