import { realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute } from "node:path";

/** The only directories `bwrap` is looked for in: never the command's PATH, which earlier commands can write to. */
export const BWRAP_DIRS: readonly string[] = Object.freeze(["/usr/bin", "/usr/local/bin", "/bin"]);

/** A bwrap that can be trusted, or why none was found. */
export type TrustedBwrap = { readonly path: string } | { readonly problem: string };

/**
 * Finds the bwrap to run: `bwrapPath` when given (absolute), else the first
 * of `/usr/bin/bwrap`, `/usr/local/bin/bwrap`, `/bin/bwrap` that exists.
 * The file (after symlinks) and every directory above it must be owned by
 * root and not writable by group or others (a root-owned sticky directory
 * such as /tmp counts as safe for a file root owns), so that no user
 * process can put another program in its place.
 */
export function trustedBwrap(bwrapPath?: string): TrustedBwrap {
  const candidates = bwrapPath === undefined ? BWRAP_DIRS.map((dir) => `${dir}/bwrap`) : [bwrapPath];
  for (const candidate of candidates) {
    const info = statSync(candidate, { throwIfNoEntry: false });
    if (info === undefined) continue;
    const real = realpathSync(candidate);
    const problem = ownershipProblem(real);
    if (problem) return { problem: `${candidate} is not safe to run: ${problem}` };
    return { path: real };
  }
  return {
    problem:
      bwrapPath === undefined
        ? `bubblewrap (bwrap) is not installed in ${BWRAP_DIRS.join(", ")}`
        : `bwrapPath ${bwrapPath} does not exist`,
  };
}

/** Checks an absolute `bwrapPath` option; a relative one is a programmer error. */
export function checkBwrapPath(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !isAbsolute(value) || value.includes("\0")) {
    throw new TypeError(
      `Shell: \`bwrapPath\` must be an absolute path to bubblewrap, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function ownershipProblem(file: string): string | undefined {
  const info = statSync(file);
  if (!info.isFile()) return "it is not a regular file";
  if ((info.mode & 0o111) === 0) return "it is not executable";
  if (info.uid !== 0) return `it is owned by uid ${info.uid}, not root`;
  if ((info.mode & 0o022) !== 0) return `it is writable by group or others (mode ${mode(info.mode)})`;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const d = statSync(dir);
    if (d.uid !== 0) return `its directory ${dir} is owned by uid ${d.uid}, not root`;
    if ((d.mode & 0o022) !== 0 && (d.mode & 0o1000) === 0) {
      return `its directory ${dir} is writable by group or others (mode ${mode(d.mode)})`;
    }
    if (dir === "/") return undefined;
  }
}

function mode(bits: number): string {
  return (bits & 0o7777).toString(8).padStart(4, "0");
}
