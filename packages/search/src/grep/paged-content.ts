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
  const files = counted.files;
  let matchLines = 0;
  for (const f of files) matchLines += f.count;
  const chosen = firstByPath(files, pageEnd);
  const merged: EngineResult = { files: [], skippedBinary: 0, skippedLarge: 0, truncated: counted.truncated };
  // Files the counting pass left out, and any that gained a link before the content pass.
  let linked = counted.hardLinked ?? 0;
  for (const group of groups(chosen)) {
    const part = await run({ ...request, files: group });
    merged.files.push(...part.files);
    linked += part.hardLinked ?? 0;
    if (part.truncated) return { ...merged, truncated: true, ...skips(counted), ...links(linked) };
  }
  return {
    ...merged,
    ...skips(counted),
    ...links(linked),
    totals: { matchLines, files: files.length, complete: chosen.length === files.length },
  };
}

/**
 * The paths of the files, in path order, up to the first whose matching lines
 * bring the sum to `pageEnd` (all of them when it is undefined).
 * A page needs a few of many thousands of files: a heap gives them without
 * sorting every path.
 */
export function firstByPath(
  files: ReadonlyArray<{ readonly path: string; readonly count: number }>,
  pageEnd: number | undefined,
): string[] {
  if (pageEnd === undefined) return files.map((f) => f.path).sort(byPath);
  const heap = new PathHeap(files);
  const chosen: string[] = [];
  let lines = 0;
  for (let file = heap.pop(); file !== undefined && lines < pageEnd; file = heap.pop()) {
    chosen.push(file.path);
    lines += file.count;
  }
  return chosen;
}

/** A binary min-heap of files by path (built in linear time). */
class PathHeap<T extends { readonly path: string }> {
  readonly #items: T[];

  constructor(items: readonly T[]) {
    this.#items = [...items];
    for (let i = (this.#items.length >> 1) - 1; i >= 0; i--) this.#down(i);
  }

  pop(): T | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      this.#down(0);
    }
    return top;
  }

  #down(from: number): void {
    const items = this.#items;
    const n = items.length;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) return;
      const right = left + 1;
      const child = right < n && byPath((items[right] as T).path, (items[left] as T).path) < 0 ? right : left;
      if (byPath((items[child] as T).path, (items[i] as T).path) >= 0) return;
      [items[i], items[child]] = [items[child] as T, items[i] as T];
      i = child;
    }
  }
}

function skips(result: EngineResult): Pick<EngineResult, "skippedBinary" | "skippedLarge" | "skipsCounted"> {
  const { skippedBinary, skippedLarge, skipsCounted } = result;
  return skipsCounted === undefined
    ? { skippedBinary, skippedLarge }
    : { skippedBinary, skippedLarge, skipsCounted };
}

function links(hardLinked: number): Pick<EngineResult, "hardLinked"> {
  return hardLinked === 0 ? {} : { hardLinked };
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
