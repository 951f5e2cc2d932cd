import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const NAME = "@toolkit/playground";

/**
 * The playground's package directory, found by walking up from this module
 * (works from `src/` under vitest and from the bundled `dist/main.js`).
 */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
      if (parsed && typeof parsed === "object" && (parsed as { name?: unknown }).name === NAME) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${NAME} package above ${from}`);
    dir = parent;
  }
}

/** The sample workspace shipped with the app. */
export function sampleWorkspace(): string {
  return join(packageRoot(), "sample");
}
