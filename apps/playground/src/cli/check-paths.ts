import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The `--workspace` and `--memory` paths, resolved against where the user ran the command. */
export interface CheckedPaths {
  workspace: string | undefined;
  memory: string | undefined;
}

/**
 * Resolves `--workspace` and `--memory` against `cwd` and checks them before
 * anything starts: the workspace must be a directory, the memory store a file
 * (or a new file in an existing directory). Throws a TypeError naming the flag.
 */
export function checkPaths({
  workspace,
  memory,
  cwd,
}: {
  workspace: string | undefined;
  memory: string | undefined;
  cwd: string;
}): CheckedPaths {
  const out: CheckedPaths = { workspace: undefined, memory: undefined };
  if (workspace !== undefined) {
    out.workspace = resolve(cwd, workspace);
    const info = statSync(out.workspace, { throwIfNoEntry: false });
    if (!info?.isDirectory())
      throw new TypeError(`--workspace: ${out.workspace} ${info ? "is not a directory" : "does not exist"}`);
  }
  if (memory !== undefined) {
    out.memory = resolve(cwd, memory);
    const info = statSync(out.memory, { throwIfNoEntry: false });
    if (info?.isDirectory()) throw new TypeError(`--memory: ${out.memory} is a directory, not a store file`);
    if (!info && !statSync(dirname(out.memory), { throwIfNoEntry: false })?.isDirectory())
      throw new TypeError(`--memory: the folder of ${out.memory} does not exist`);
  }
  return out;
}
