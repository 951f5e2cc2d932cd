import type { TreeFile, TreeIgnore } from "./ignore-tree-arbitraries.js";
import { git, type TempTree } from "./temp-tree.js";

/**
 * Writes generated files (each holding `x\n`) and `.gitignore` files into
 * `tree`, then makes it a git repository so `gitListed` can answer for it.
 *
 * @example
 * await writeIgnoreTree(t, [["a", "x.ts"]], [["", ["*.log"]]]);
 */
export async function writeIgnoreTree(
  tree: TempTree,
  files: readonly TreeFile[],
  ignores: readonly TreeIgnore[],
): Promise<void> {
  for (const [dir, name] of files) await tree.write(dir ? `${dir}/${name}` : name, "x\n");
  for (const [dir, rules] of ignores)
    await tree.write(dir ? `${dir}/.gitignore` : ".gitignore", `${rules.join("\n")}\n`);
  git(tree.root, ["init", "-q"]);
}
