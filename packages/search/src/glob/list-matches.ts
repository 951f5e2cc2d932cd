import type { ProgressSink } from "@toolkit/core";
import picomatch from "picomatch";
import type { SourceOption } from "../source/legacy-source.js";
import { walk } from "../walk/walker.js";
import { namesHidden } from "./check-glob.js";

/** The workspace-relative paths under a target whose path below the target matches `pattern`. */
export async function listMatches(options: {
  /** Where the walk reads (a deprecated `SearchSource` is still accepted). */
  source: SourceOption;
  target: { root: string; relative: string; isDir: boolean };
  pattern: string;
  signal?: AbortSignal;
  /** Receives `scanned N files` on large trees. */
  progress?: ProgressSink;
}): Promise<string[]> {
  const { source, target, pattern, signal, progress } = options;
  const isMatch = picomatch(pattern, { dot: false });
  if (!target.isDir) return isMatch(target.relative.split("/").pop() ?? "") ? [target.relative] : [];
  const prefix = target.relative === "" ? "" : `${target.relative}/`;
  const base = staticBase(pattern);
  const start = base === "" ? target.relative : `${prefix}${base}`;
  const out: string[] = [];
  const walker = walk({
    source,
    root: target.root,
    start,
    explicit: target.relative,
    hidden: namesHidden(pattern),
    ...(signal ? { signal } : {}),
    ...(progress ? { progress } : {}),
  });
  for await (const batch of walker) {
    for (const entry of batch) {
      if (entry.kind !== "other" && isMatch(entry.relative.slice(prefix.length))) out.push(entry.relative);
    }
  }
  return out;
}

/** The leading directories of a glob that hold no glob syntax (the walk starts there). */
export function staticBase(pattern: string): string {
  const scan = picomatch.scan(pattern);
  const base = scan.isGlob ? scan.base : pattern;
  const slash = scan.isGlob ? base.length : base.lastIndexOf("/");
  return slash <= 0 ? "" : base.slice(0, slash);
}
