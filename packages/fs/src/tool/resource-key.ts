import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { isJsonObject, type Workspace } from "@toolkit/core";

/**
 * The resource key of an fs call: the real path of its file (symlinks
 * resolved through the deepest existing ancestor), so two calls on one file
 * share a key however the path is spelled. Relative paths are taken from the
 * workspace option's root, else from `process.cwd()` (a key orders calls; it
 * never grants access). `undefined` when the input has no path.
 */
export function fsResourceKey(
  input: unknown,
  fields: readonly string[],
  workspace: Workspace | undefined,
): string | undefined {
  if (!isJsonObject(input)) return undefined;
  const raw = fields.map((f) => input[f]).find((v): v is string => typeof v === "string" && v !== "");
  if (raw === undefined || raw.includes("\0")) return undefined;
  return realOf(resolve(workspace?.root ?? process.cwd(), raw));
}

function realOf(absolute: string): string {
  const rest: string[] = [];
  for (let current = absolute; ; current = dirname(current)) {
    try {
      return join(realpathSync(current), ...rest.reverse());
    } catch {
      if (dirname(current) === current) return absolute;
      rest.push(basename(current));
    }
  }
}
