import { join } from "node:path";
import { type FileSource, ToolError } from "@toolkit/core";
import { IGNORE_FILE_NAMES, type IgnoreKind, type IgnoreLevel, ignoreLevel } from "./ignore-rules.js";

/**
 * Reads the ignore files of one directory into a level (undefined when it has
 * none). `names`, when given, is the directory's listing, so files that are
 * absent are never opened. `exclude` reads `.git/info/exclude` instead.
 */
export async function loadLevel(options: {
  source: FileSource;
  root: string;
  /** The workspace's real root: ignore files are read only from under it. @default root */
  realRoot?: string;
  base: string;
  names?: readonly string[];
  exclude?: boolean;
}): Promise<IgnoreLevel | undefined> {
  const { source, root, realRoot = root, base, names, exclude = false } = options;
  const read = (path: string) => readIgnoreFile(source, path, realRoot);
  const files = new Map<IgnoreKind, string>();
  if (exclude) {
    const text = await read(join(root, ".git", "info", "exclude"));
    if (text !== undefined) files.set("exclude", text);
  } else {
    for (const name of IGNORE_FILE_NAMES) {
      if (names !== undefined && !names.includes(name)) continue;
      const text = await read(join(root, base, name));
      if (text !== undefined) files.set(name, text);
    }
  }
  return files.size === 0 ? undefined : ignoreLevel({ base, files });
}

// As `readFileSync(path, "utf8")` decoded ignore files: a byte-order mark is kept.
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * An ignore file's text, or undefined when there is none the source will
 * read: missing, a directory, or a link (a source never follows a final
 * link, which could lead outside the workspace).
 */
async function readIgnoreFile(
  source: FileSource,
  path: string,
  realRoot: string,
): Promise<string | undefined> {
  try {
    return UTF8.decode(await source.read(path, { realRoot }));
  } catch (error) {
    if (ToolError.is(error)) return undefined;
    throw error;
  }
}
