import { join } from "node:path";
import type { SearchSource } from "../source/search-source.js";
import { IGNORE_FILE_NAMES, type IgnoreKind, type IgnoreLevel, ignoreLevel } from "./ignore-rules.js";

/**
 * Reads the ignore files of one directory into a level (undefined when it has
 * none). `names`, when given, is the directory's listing, so files that are
 * absent are never opened. `exclude` reads `.git/info/exclude` instead.
 */
export async function loadLevel(options: {
  source: SearchSource;
  root: string;
  base: string;
  names?: readonly string[];
  exclude?: boolean;
}): Promise<IgnoreLevel | undefined> {
  const { source, root, base, names, exclude = false } = options;
  const files = new Map<IgnoreKind, string>();
  if (exclude) {
    const text = await source.readText(join(root, ".git", "info", "exclude"));
    if (text !== undefined) files.set("exclude", text);
  } else {
    for (const name of IGNORE_FILE_NAMES) {
      if (names !== undefined && !names.includes(name)) continue;
      const text = await source.readText(join(root, base, name));
      if (text !== undefined) files.set(name, text);
    }
  }
  return files.size === 0 ? undefined : ignoreLevel({ base, files });
}
