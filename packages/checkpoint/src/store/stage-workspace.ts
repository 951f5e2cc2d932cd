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
 * earlier, smaller version was stored) and reported. Only the files git
 * lists as new or modified are measured, so a second snapshot costs one
 * walk of the tree, not a read of every file.
 */
export async function stageWorkspace(git: ShadowGit, maxFileBytes: number): Promise<StagedWorkspace> {
  const listed = nulFields(
    await git.text(["ls-files", "-z", "--others", "--modified", "--exclude-standard"]),
  );
  const candidates = [...new Set(listed)];
  const skipped: SkippedFile[] = [];
  await Promise.all(
    candidates.map(async (path) => {
      const stats = await lstat(join(git.workTree, path)).catch(() => undefined);
      if (stats?.isFile() && stats.size > maxFileBytes) skipped.push({ path, bytes: stats.size });
    }),
  );
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (skipped.length > 0) {
    await git.run(
      ["rm", "--cached", "-f", "-q", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"],
      { stdin: skipped.map((s) => `${literalPathspec(s.path)}\0`).join("") },
    );
  }
  const pathspecs = [".", ...skipped.map((s) => literalPathspec(s.path, true))];
  await git.run(["add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul"], {
    stdin: pathspecs.map((p) => `${p}\0`).join(""),
  });
  const tree = (await git.text(["write-tree"])).trim();
  return { tree, skipped };
}
