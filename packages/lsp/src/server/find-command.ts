import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of this package's own files: peers installed beside `@toolkit/lsp` are found from here. */
const PACKAGE_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * The first `node_modules/<rel>` found walking up from each start folder in
 * turn (the workspace root, then this package's folder), or undefined.
 */
export function findInNodeModules(starts: readonly string[], rel: string): string | undefined {
  for (const start of [...starts, PACKAGE_DIR]) {
    let dir = start;
    for (;;) {
      const candidate = join(dir, "node_modules", rel);
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

/** The absolute path of an executable named `name` on `PATH`, or undefined. */
export function findOnPath(name: string, path = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** A server's executable: `node_modules/.bin/<name>` of the workspace or this package, then `PATH`. */
export function findExecutable(name: string, root: string): string | undefined {
  return findInNodeModules([root], join(".bin", name)) ?? findOnPath(name);
}
