import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Options for `findShell`. */
export interface FindShellOptions {
  /** The search path. @default process.env.PATH */
  path?: string | undefined;
  /** The shell wanted: `bash` falls back to `/bin/sh`, `sh` is looked up as Loom does. @default "bash" */
  name?: "bash" | "sh";
}

/**
 * The shell to run commands with: the first executable `bash` (or `sh`) on
 * the search path, else `/bin/sh`. Cached per search path.
 */
export function findShell({ path = process.env.PATH, name = "bash" }: FindShellOptions = {}): string {
  const key = `${name}\0${path ?? ""}`;
  let shell = cache.get(key);
  if (shell === undefined) {
    shell = searchPath(path ?? "", name) ?? "/bin/sh";
    cache.set(key, shell);
  }
  return shell;
}

const cache = new Map<string, string>();

function searchPath(path: string, name: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}
