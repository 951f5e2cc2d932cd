import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { nulFields, type ShadowGit } from "../git/shadow-git.js";
import type { SkippedFile } from "./checkpoint.js";

/** What staging the workspace produced. */
export interface StagedWorkspace {
  /** The tree object holding every stored file. */
  readonly tree: string;
  /** Files over the cap, left out of the tree. */
  readonly skipped: readonly SkippedFile[];
}

/** A literal pathspec (no glob, no magic) for git's `--pathspec-from-file`. */
export function literalPathspec(path: string, exclude = false): string {
  return `:(${exclude ? "exclude," : ""}literal)${path}`;
}

/**
 * Brings the shadow index in line with the workspace and writes it as a
 * tree: every file the ignore rules keep, except regular files bigger than
 * `maxFileBytes`, which are left out (and out of the index, even when an
 * earlier, smaller version was stored) and reported. One walk of the tree
 * (`git ls-files` of new, modified and deleted paths) finds what changed;
 * only those paths are measured and handed to `git update-index`, so a
 * snapshot after the first costs one walk, not a read of every file.
 */
export async function stageWorkspace(git: ShadowGit, maxFileBytes: number): Promise<StagedWorkspace> {
  const listed = nulFields(
    await git.text(["ls-files", "-z", "--others", "--modified", "--deleted", "--exclude-standard"]),
  );
  // A nested repository is listed as `dir/` (and stored as a gitlink); the index names it without the slash.
  const nested = new Set(listed.filter((path) => path.endsWith("/")).map((path) => path.slice(0, -1)));
  const candidates = [...new Set(listed.map((path) => path.replace(/\/$/, "")))];
  const skipped: SkippedFile[] = [];
  // Paths to drop from the index: files over the cap, and tracked files that became folders.
  const drop = new Set<string>();
  await Promise.all(
    candidates.map(async (path) => {
      const stats = await lstat(join(git.workTree, path)).catch(() => undefined);
      if (stats?.isFile() && stats.size > maxFileBytes) {
        skipped.push({ path, bytes: stats.size });
        drop.add(path);
      } else if (stats?.isDirectory() && !nested.has(path)) {
        drop.add(path);
      }
    }),
  );
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const update = candidates.filter((path) => !drop.has(path));
  if (drop.size > 0) {
    await git.run(["update-index", "-z", "--force-remove", "--stdin"], {
      stdin: [...drop].map((p) => `${p}\0`).join(""),
    });
  }
  if (update.length > 0) {
    await git.run(["update-index", "-z", "--add", "--remove", "--replace", "--stdin"], {
      stdin: update.map((p) => `${p}\0`).join(""),
    });
  }
  const tree = (await git.text(["write-tree"])).trim();
  return { tree, skipped };
}
