import { byPath } from "../glob/sort-matches.js";
import type { EngineRequest, EngineResult } from "./engine.js";

/** Paths are passed to ripgrep in groups no longer than this (well under ARG_MAX). */
const MAX_ARG_CHARS = 100_000;

/**
 * Content for one page without reading every matching line of the search: a
 * counting pass gives each file's matching lines; the files (by path) whose
 * lines reach `pageEnd` are then searched for content. Context lines only add
 * rows, so those files always cover the page. `pageEnd` undefined = all.
 */
export async function pagedContent(options: {
  request: EngineRequest;
  pageEnd: number | undefined;
  run: (request: EngineRequest) => Promise<EngineResult>;
}): Promise<EngineResult> {
  const { request, pageEnd, run } = options;
  const counted = await run({ ...request, mode: "count" });
  const files = [...counted.files].sort((a, b) => byPath(a.path, b.path));
  const matchLines = files.reduce((sum, f) => sum + f.count, 0);
  const chosen: string[] = [];
  let lines = 0;
  for (const file of files) {
    if (pageEnd !== undefined && lines >= pageEnd) break;
    chosen.push(file.path);
    lines += file.count;
  }
  const merged: EngineResult = { files: [], skippedBinary: 0, skippedLarge: 0, truncated: counted.truncated };
  for (const group of groups(chosen)) {
    const part = await run({ ...request, files: group });
    merged.files.push(...part.files);
    if (part.truncated) return { ...merged, truncated: true, ...skips(counted) };
  }
  return {
    ...merged,
    ...skips(counted),
    totals: { matchLines, files: files.length, complete: chosen.length === files.length },
  };
}

function skips(result: EngineResult): Pick<EngineResult, "skippedBinary" | "skippedLarge" | "skipsCounted"> {
  const { skippedBinary, skippedLarge, skipsCounted } = result;
  return skipsCounted === undefined
    ? { skippedBinary, skippedLarge }
    : { skippedBinary, skippedLarge, skipsCounted };
}

function* groups(paths: readonly string[]): Generator<string[]> {
  let group: string[] = [];
  let chars = 0;
  for (const path of paths) {
    if (group.length > 0 && chars + path.length > MAX_ARG_CHARS) {
      yield group;
      group = [];
      chars = 0;
    }
    group.push(path);
    chars += path.length + 1;
  }
  if (group.length > 0) yield group;
}
