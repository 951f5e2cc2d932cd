import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * The nearest folder from `file`'s up to `workspace` that holds one of
 * `markers`; `workspace` itself when none does (or `file` lies outside it).
 */
export function findRoot(file: string, workspace: string, markers: readonly string[]): string {
  if (relative(workspace, file).startsWith("..")) return workspace;
  let dir = dirname(file);
  while (dir.length >= workspace.length) {
    if (markers.some((m) => existsSync(join(dir, m)))) return dir;
    if (dir === workspace) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return workspace;
}
