import { realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";
import { inside, URL_LIKE, type Workspace } from "../workspace/workspace.js";
import { LoomToolError } from "./loom-error.js";

/** What `checkLoomPath` found. */
export interface LoomPath {
  /** The path as Loom's `workspace_root.join(path)` spells it (absolute as given; not normalised): what `FileNotFound` shows. */
  readonly joined: string;
  /** The path with every link resolved when something is there and `probe` was set; else `undefined`. */
  readonly real: string | undefined;
  /** False when the path was left to the workspace rules unlooked at (empty, a NUL byte, a URL). */
  readonly checked: boolean;
}

/** Options of `checkLoomPath`. */
export interface CheckLoomPathOptions {
  workspace: Workspace;
  /** The path from the model. */
  path: string;
  /** Resolve links on the local disk (leave it off for a file source that is not the disk). */
  probe: boolean;
  /** The root with links resolved, as the file source sees it. @default `workspace.realRoot()` */
  realRoot?: string;
}

/**
 * Loom's `validate_path` answer for a path outside the workspace, checked
 * before the workspace rules run: a path that leaves the root (`..`, an
 * absolute path elsewhere) is `PathOutsideWorkspace` with the path made
 * absolute, and is never looked at; with `probe`, a path whose links
 * resolve outside (for a path not there yet: its deepest existing
 * ancestor's) is `PathOutsideWorkspace` with the resolved path. Anything
 * else (a NUL byte, a URL) is left to the workspace rules, which still run
 * afterwards and open and check what they use: this check only chooses
 * Loom's answer, it is not what keeps a tool inside.
 *
 * @example await checkLoomPath({ workspace, path: "../etc", probe: true }) // throws Path outside workspace: /etc
 */
export async function checkLoomPath({
  workspace,
  path,
  probe,
  realRoot: givenRealRoot,
}: CheckLoomPathOptions): Promise<LoomPath> {
  if (typeof path !== "string" || path === "" || path.includes("\0") || URL_LIKE.test(path)) {
    return {
      joined: typeof path === "string" ? loomJoin(workspace.root, path) : "",
      real: undefined,
      checked: false,
    };
  }
  const joined = loomJoin(workspace.root, path);
  const realRoot = givenRealRoot ?? (await workspace.realRoot());
  const absolute = resolve(workspace.root, path);
  if (!inside(workspace.root, absolute) && !inside(realRoot, absolute)) {
    throw LoomToolError.pathOutsideWorkspace(absolute);
  }
  if (!probe) return { joined, real: undefined, checked: true };
  const real = await realpath(absolute).catch(() => undefined);
  const resolved = real ?? (await throughAncestor(absolute));
  if (resolved !== undefined && !inside(realRoot, resolved) && !inside(workspace.root, resolved)) {
    throw LoomToolError.pathOutsideWorkspace(resolved);
  }
  return { joined, real, checked: true };
}

/** A path that does not exist yet, resolved through its deepest existing ancestor (a new file below a link). */
async function throughAncestor(absolute: string): Promise<string | undefined> {
  const rest: string[] = [];
  for (let current = absolute; ; ) {
    const parent = dirname(current);
    if (parent === current) return undefined;
    rest.unshift(basename(current));
    const real = await realpath(parent).catch(() => undefined);
    if (real !== undefined) return join(real, ...rest);
    current = parent;
  }
}

/** `root.join(path)` as Rust's `Path::join` spells it: an absolute path as given, else root, separator, path. */
export function loomJoin(root: string, path: string): string {
  if (isAbsolute(path)) return path;
  return root.endsWith(sep) ? `${root}${path}` : `${root}${sep}${path}`;
}
