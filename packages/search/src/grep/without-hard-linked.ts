import { join } from "node:path";
import { type FileSource, type HardLinkPolicy, withheldAsHardLinked } from "@toolkit/core";
import type { EngineResult, FileMatch } from "./engine.js";

/** Stats in flight at once while checking a result's files. */
const STATS_AT_ONCE = 64;

/**
 * Drops from a result every file the fs tools would refuse to open: a
 * regular file with more than one hard link (core's `withheldAsHardLinked`),
 * since another of its names may lie outside the workspace. Only the files
 * with matches are looked at (one stat each), after the engine ran: ripgrep
 * prints what it finds, so nothing it printed reaches the reply before this
 * check. A file that cannot be stat'ed any more is dropped too (fail closed).
 */
export async function withoutHardLinked(options: {
  result: EngineResult;
  source: FileSource;
  root: string;
  hardLinks: HardLinkPolicy;
}): Promise<EngineResult> {
  const { result, source, root, hardLinks } = options;
  if (hardLinks === "allow" || result.files.length === 0) return result;
  const kept: FileMatch[] = [];
  let linked = 0;
  for (let from = 0; from < result.files.length; from += STATS_AT_ONCE) {
    const batch = result.files.slice(from, from + STATS_AT_ONCE);
    const stats = await Promise.all(
      batch.map((file) => source.stat(join(root, file.path)).catch(() => undefined)),
    );
    batch.forEach((file, i) => {
      const stat = stats[i];
      if (stat === undefined) return;
      if (withheldAsHardLinked({ stat, hardLinks })) linked++;
      else kept.push(file);
    });
  }
  if (kept.length === result.files.length) return result;
  return { ...result, files: kept, hardLinked: (result.hardLinked ?? 0) + linked };
}

/** The note on files left out for their hard links, or `undefined` when there were none (pure). */
export function hardLinkedNote(count: number | undefined): string | undefined {
  if (count === undefined || count === 0) return undefined;
  const files = count === 1 ? "1 file" : `${count} files`;
  return `[Left out ${files} with more than one hard link: another of ${count === 1 ? "its" : "their"} names may lie outside the workspace, so ${count === 1 ? "it is" : "they are"} not shown (the hardLinks option).]`;
}
