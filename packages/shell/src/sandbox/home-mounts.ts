import { lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";

/** Toolchain folders of the home shown read-only (each only where it exists): commands need them to run. */
export const DEFAULT_HOME_READABLE: readonly string[] = Object.freeze([
  "~/.nvm",
  "~/.volta",
  "~/.cargo/bin",
  "~/.rustup",
  "~/.local/bin",
  "~/.pyenv",
]);

/** Cache folders of the home shown writable (each only where it exists). */
export const DEFAULT_HOME_WRITABLE: readonly string[] = Object.freeze(["~/.npm", "~/.cache"]);

/** A folder or file of a hidden home shown again. */
export interface HomeMount {
  /** The real path bound (the same path inside). */
  readonly path: string;
  readonly dir: boolean;
  readonly writable: boolean;
  /** Where a symlink to `path` stood in the home: recreated inside, as the home shows empty. */
  readonly link?: string;
}

/** The homes a sandbox hides and what of them it shows again. */
export interface HomeMounts {
  /** Home directories (real paths) mounted empty and read-only. */
  readonly hidden: readonly string[];
  /** Shown again over the empty homes: toolchains and `readable` read-only, caches writable. */
  readonly shown: readonly HomeMount[];
}

/** Options for `resolveHomeMounts`. */
export interface ResolveHomeMountsOptions {
  /** The home directories (`os.homedir()` and the command's `HOME`). */
  homes: readonly string[];
  /** The policy's `readable` additions. */
  readable: readonly string[];
  /** Expands one policy path (`~/…`, absolute or workspace-relative) to host paths. */
  expand: (path: string) => string[];
  /** The Node that runs the host (a seam for tests). @default process.execPath */
  execPath?: string;
}

/**
 * Which homes to hide and which of their folders to show again, for paths
 * that exist: the toolchain folders, the install folder of the Node that
 * runs the host, `readable`, the caches. A home of `/` is not hidden (it
 * would hide the system).
 */
export function resolveHomeMounts({
  homes,
  readable,
  expand,
  execPath = process.execPath,
}: ResolveHomeMountsOptions): HomeMounts {
  const hidden = [...new Set(homes.flatMap((home) => realDir(home) ?? []))].filter((home) => home !== "/");
  const wanted = [
    ...DEFAULT_HOME_READABLE.map((path) => ({ path, writable: false })),
    // The Node that runs the host also runs the allow-list bridge inside, wherever in a home it is installed.
    ...nodePrefixIn(execPath, hidden).map((path) => ({ path, writable: false })),
    ...readable.map((path) => ({ path, writable: false })),
    ...DEFAULT_HOME_WRITABLE.map((path) => ({ path, writable: true })),
  ];
  const shown: HomeMount[] = [];
  const seen = new Set<string>();
  for (const { path, writable } of wanted) {
    const candidates = isAbsolute(path) ? [path] : expand(path);
    for (const candidate of candidates) {
      const mount = shownMount(candidate, writable);
      if (mount === undefined || seen.has(mount.path)) continue;
      seen.add(mount.path);
      shown.push(mount);
    }
  }
  return { hidden, shown };
}

function shownMount(candidate: string, writable: boolean): HomeMount | undefined {
  try {
    const info = statSync(candidate, { throwIfNoEntry: false });
    if (info === undefined) return undefined;
    const path = realpathSync(candidate);
    const mount = { path, dir: info.isDirectory(), writable };
    if (!lstatSync(candidate).isSymbolicLink()) return mount;
    return { ...mount, link: join(realpathSync(dirname(candidate)), basename(candidate)) };
  } catch {
    // Not reachable (a parent is a file, no permission): nothing to show.
    return undefined;
  }
}

function realDir(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The install folder of the running Node (`<prefix>/bin/node` → `<prefix>`), when it lies in a hidden home. */
function nodePrefixIn(execPath: string, hidden: readonly string[]): string[] {
  let prefix: string;
  try {
    prefix = dirname(dirname(realpathSync(execPath)));
  } catch {
    return [];
  }
  return hidden.some((home) => prefix.startsWith(`${home}/`)) ? [prefix] : [];
}
