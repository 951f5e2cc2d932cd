import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Options for `findShell`. */
export interface FindShellOptions {
  /** The search path. @default process.env.PATH */
  path?: string | undefined;
}

/**
 * The shell to run commands with: the first executable `bash` on the search
 * path, else `/bin/sh`. Cached per search path.
 */
export function findShell({ path = process.env.PATH }: FindShellOptions = {}): string {
  const key = path ?? "";
  let shell = cache.get(key);
  if (shell === undefined) {
    shell = searchPath(key, "bash") ?? "/bin/sh";
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
