import { mkdir, realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { inside, ToolError } from "@toolkit/core";
import { errorCode } from "./error-code.js";

/**
 * Creates `dir` and its missing parents one level at a time, each only after
 * its parent's real path is checked to lie below `realRoot`; returns the
 * directory's real path. A link leading outside is refused before anything
 * is created through it.
 */
export async function ensureDirInside(dir: string, realRoot: string): Promise<string> {
  const missing: string[] = [];
  let current = dir;
  let real: string | undefined;
  while (real === undefined) {
    real = await realpath(current).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT")
        throw ToolError.io(`cannot open ${current} (${errorCode(error)})`, { cause: error });
      return undefined;
    });
    if (real !== undefined) break;
    const parent = dirname(current);
    if (parent === current) throw ToolError.io(`no existing ancestor of ${dir}`);
    missing.push(basename(current));
    current = parent;
  }
  for (let name = missing.pop(); ; name = missing.pop()) {
    if (!inside(realRoot, real)) throw escaped(dir, real);
    if (name === undefined) return real;
    const next = join(real, name);
    await mkdir(next).catch((error: unknown) => {
      if (errorCode(error) !== "EEXIST")
        throw ToolError.io(`cannot create ${next} (${errorCode(error)})`, { cause: error });
    });
    real = await realpath(next);
  }
}

const ESCAPES = new WeakSet<ToolError>();

/** True for the error `escaped` made. */
export function isEscape(error: unknown): boolean {
  return error instanceof ToolError && ESCAPES.has(error);
}

/** The Permission error for a directory that now leads outside the root. */
export function escaped(asked: string, real: string): ToolError {
  const error = ToolError.permission(
    `${asked} now resolves to ${real}, outside the workspace; nothing was written`,
    {
      advice:
        "A directory on the path was changed to a link that leaves the workspace; do not retry this path.",
    },
  );
  ESCAPES.add(error);
  return error;
}
