import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve, sep } from "node:path";
import { type HomeMount, resolveHomeMounts } from "./home-mounts.js";
import type { NormalizedPolicy } from "./policy.js";
import { type ProtectScan, scanProtected } from "./protected-paths.js";

/** A path that exists on the host, and whether it is a directory. */
export interface MountPath {
  readonly path: string;
  readonly dir: boolean;
}

/** The host paths a policy names, resolved for one call. */
export interface SandboxMounts {
  /** Writable directories and files: the workspace root, the session temp dir, then `writable`. */
  readonly writable: readonly MountPath[];
  /** Existing paths inside writable places that stay read-only. */
  readonly denyWrite: readonly MountPath[];
  /** Existing paths mounted empty. */
  readonly denyRead: readonly MountPath[];
  /** Home directories mounted empty and read-only (see `resolveHomeMounts`). @default [] */
  readonly hiddenHomes?: readonly string[];
  /** What of the hidden homes is shown again: toolchains and `readable` read-only, caches writable. @default [] */
  readonly homeShown?: readonly HomeMount[];
  /** The protected entries found at the start (bound read-only, in `denyWrite`), for the sweep after the command. */
  readonly protect?: ProtectScan;
}

/** Where a policy is applied. */
export interface ResolveMountsOptions {
  policy: NormalizedPolicy;
  /** The workspace root (real path). */
  workspaceRoot: string;
  /** The session temp dir (created before the call). */
  tempDir: string;
  /** Home directories `~/…` entries stand for: the host user's and the command's `HOME`. @default [os.homedir()] */
  homes?: readonly string[];
}

/**
 * Turns the policy's paths into real host paths that exist: `~` expanded,
 * relative entries against the workspace, symlinks resolved (a deny rule
 * covers the file the link leads to). Missing paths are left out: there is
 * nothing to mount over, and nothing there to read. Walks the writable
 * places for protected names (see `scanProtected`; throws a
 * `ProtectScanError` when it cannot vouch for them), and works out which
 * homes to hide and what of them to show (see `resolveHomeMounts`); deny
 * rules inside a hidden home are kept only where something shows it again.
 */
export async function resolveMounts({
  policy,
  workspaceRoot,
  tempDir,
  homes = [homedir()],
}: ResolveMountsOptions): Promise<SandboxMounts> {
  const expand = (p: string): string[] => {
    if (p === "~") return [...homes];
    if (p.startsWith("~/")) return homes.map((home) => join(home, p.slice(2)));
    return [isAbsolute(p) ? p : resolve(workspaceRoot, p)];
  };
  const writable = dedupe(existing([workspaceRoot, tempDir, ...policy.writable.flatMap(expand)]));
  const denyWriteCandidates = policy.denyWrite.flatMap((p) =>
    isAbsolute(p) || p.startsWith("~")
      ? expand(p)
      : [...writable.filter((w) => w.dir).map((w) => w.path), ...homes].map((dir) => join(dir, p)),
  );
  const protect =
    policy.protect.length === 0
      ? undefined
      : scanProtected({
          roots: writable.filter((w) => w.dir).map((w) => w.path),
          names: policy.protect,
          maxEntries: policy.maxScanEntries,
        });
  const protectedPaths = existing(protect?.entries.map((e) => e.path) ?? []);
  const home = resolveHomeMounts({ homes, readable: policy.readable, expand });
  const shownAgain = [
    ...home.shown.map((m) => m.path),
    ...writable.filter((w) => home.hidden.some((h) => within(w.path, h))).map((w) => w.path),
  ];
  const visible = (path: string) =>
    !home.hidden.some((h) => within(path, h)) || shownAgain.some((s) => within(path, s));
  const denyWrite = dedupe([...protectedPaths, ...existing(denyWriteCandidates)]).filter(
    (d) => writable.some((w) => within(d.path, w.path)) && visible(d.path),
  );
  const denyRead = dedupe(existing(policy.denyRead.flatMap(expand))).filter((d) => visible(d.path));
  return {
    writable,
    denyWrite,
    denyRead,
    hiddenHomes: home.hidden,
    homeShown: home.shown,
    ...(protect ? { protect } : {}),
  };
}

/** True when `path` is `root` or below it. */
export function within(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The paths of `paths` that exist, resolved. Synchronous on purpose: one
 * `stat` per candidate, none of which throws for a missing path, costs a
 * fraction of a millisecond, where the same checks through the thread pool
 * took milliseconds per call under load; most candidates (rc files,
 * credentials a machine does not have) do not exist.
 */
function existing(paths: readonly string[]): MountPath[] {
  const found: MountPath[] = [];
  for (const p of paths) {
    try {
      const info = statSync(p, { throwIfNoEntry: false });
      if (info !== undefined) found.push({ path: realpathSync(p), dir: info.isDirectory() });
    } catch {
      // Not reachable (a parent is a file, no permission): nothing there to mount over.
    }
  }
  return found;
}

function dedupe(paths: MountPath[]): MountPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    if (seen.has(p.path)) return false;
    seen.add(p.path);
    return true;
  });
}
