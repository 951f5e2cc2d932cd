import { type FileKind, type FileSource, type ProgressSink, ToolError, Workspace } from "@toolkit/core";
import { type SourceOption, toFileSource } from "../source/legacy-source.js";
import { type IgnoreLevel, isIgnored } from "./ignore-rules.js";
import { loadLevel } from "./load-level.js";
import { scanProgress } from "./scan-progress.js";

/** One entry the walker found. */
export interface WalkEntry {
  /** Relative to the workspace root, "/"-separated. */
  readonly relative: string;
  /** Absolute path. */
  readonly absolute: string;
  /** What it is (symlinks are reported, never followed). */
  readonly kind: FileKind;
  /** 1 for entries directly in the start directory. */
  readonly depth: number;
}

/** Options for `walk`. */
export interface WalkOptions {
  /** Where directories and ignore files are read (a deprecated `SearchSource` is still accepted). */
  source: SourceOption;
  /** The workspace root (absolute). Ignore files are read from here down. */
  root: string;
  /** The directory to list, relative to the root ("" or "." for the root). */
  start?: string;
  /**
   * The part of `start` the caller named itself, searched even when ignored or
   * hidden (as git and ripgrep search a path given on the command line); the
   * directories below it down to `start` are checked like any entry.
   * @default start
   */
  explicit?: string;
  /** Also enter hidden entries (names starting with "."); `.git` is always skipped. @default false */
  hidden?: boolean;
  /** Entries deeper than this are not listed. @default Infinity */
  maxDepth?: number;
  /** Also yield directories (Tree needs them). @default false */
  includeDirs?: boolean;
  /** Directory reads in flight at once. @default 32 */
  concurrency?: number;
  signal?: AbortSignal;
  /** Receives `scanned N files` every 1,000 files (a tool passes `ctx.progress`). @default none */
  progress?: ProgressSink;
}

interface Pending {
  relative: string;
  depth: number;
  levels: readonly IgnoreLevel[];
}

/**
 * The one walker every search tool shares: honours `.gitignore`, `.ignore`,
 * `.rgignore` (nested) and `.git/info/exclude` with git's semantics, skips
 * `.git` and hidden entries, never follows symlinks, never leaves the root.
 * Yields batches (one per directory) in no particular order.
 */
export async function* walk(options: WalkOptions): AsyncGenerator<WalkEntry[]> {
  const { root, hidden = false, maxDepth = Number.POSITIVE_INFINITY } = options;
  const { includeDirs = false, concurrency = 32, signal } = options;
  const counted = options.progress ? scanProgress(options.progress) : undefined;
  const source = toFileSource(options.source);
  const start = options.start === undefined || options.start === "." ? "" : options.start;
  const base = root.replace(/\/+$/, "");
  const explicit = options.explicit === undefined || options.explicit === "." ? start : options.explicit;
  // Every listing and ignore file must lie under the root as the source resolves it.
  const realRoot = await source.realRoot(new Workspace({ root }));
  const levels = await ancestorLevels({ source, root, realRoot, start, explicit, hidden });
  if (levels === undefined) return;
  const queue: Pending[] = [{ relative: start, depth: 0, levels }];
  const running = new Set<Promise<void>>();
  const ready: WalkEntry[][] = [];
  let failure: unknown;

  const visit = async (dir: Pending): Promise<void> => {
    // Plain concatenation: path.join's normalising was a third of a walk's CPU time.
    const absoluteDir = dir.relative === "" ? base || "/" : `${base}/${dir.relative}`;
    const entries = await source.list(absoluteDir, { realRoot }).catch(() => []);
    // Only regular files are read as ignore files: a symlinked one could point outside the workspace.
    const names = entries.filter((e) => e.kind === "file").map((e) => e.name);
    const own = await loadLevel({ source, root, realRoot, base: dir.relative, names });
    const levels = own === undefined ? dir.levels : [...dir.levels, own];
    const batch: WalkEntry[] = [];
    const depth = dir.depth + 1;
    for (const entry of entries) {
      if (entry.name === ".git") continue;
      if (!hidden && entry.name.startsWith(".")) continue;
      const relative = dir.relative === "" ? entry.name : `${dir.relative}/${entry.name}`;
      const isDir = entry.kind === "directory";
      if (isIgnored({ levels, relative, isDir })) continue;
      const absolute = `${base}/${relative}`;
      if (isDir) {
        if (depth < maxDepth) queue.push({ relative, depth, levels });
        if (includeDirs) batch.push({ relative, absolute, kind: entry.kind, depth });
      } else {
        batch.push({ relative, absolute, kind: entry.kind, depth });
      }
    }
    if (batch.length > 0) ready.push(batch);
  };

  while (queue.length > 0 || running.size > 0 || ready.length > 0) {
    if (signal?.aborted) throw ToolError.cancelled();
    while (queue.length > 0 && running.size < concurrency) {
      const job = visit(queue.pop() as Pending).catch((error: unknown) => {
        failure ??= error;
      });
      running.add(job);
      void job.finally(() => running.delete(job));
    }
    if (ready.length > 0) {
      for (const batch of ready.splice(0)) {
        counted?.(batch);
        yield batch;
      }
      continue;
    }
    if (running.size > 0) await Promise.race(running);
    if (failure !== undefined) throw failure;
  }
}

/**
 * Ignore levels of the root and of every directory between the root and
 * `start`; undefined when a directory below `explicit` is hidden or ignored.
 */
async function ancestorLevels(options: {
  source: FileSource;
  root: string;
  realRoot: string;
  start: string;
  explicit: string;
  hidden: boolean;
}): Promise<IgnoreLevel[] | undefined> {
  const { source, root, realRoot, start, explicit, hidden } = options;
  const levels: IgnoreLevel[] = [];
  const exclude = await loadLevel({ source, root, realRoot, base: "", exclude: true });
  if (exclude) levels.push(exclude);
  if (start === "") return levels;
  const parts = start.split("/");
  const named = explicit === "" ? 0 : explicit.split("/").length;
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join("/");
    const level = await loadLevel({ source, root, realRoot, base });
    if (level) levels.push(level);
    if (i < named) continue;
    const name = parts[i] as string;
    const relative = parts.slice(0, i + 1).join("/");
    if (name === ".git" || (!hidden && name.startsWith("."))) return undefined;
    if (isIgnored({ levels, relative, isDir: true })) return undefined;
    // As below `start`: only a real directory is entered, never a symlink (which may lead out
    // of the workspace), nor `.` or `..` (which no listing holds).
    if (!(await isRealDir(source, root, realRoot, base, name))) return undefined;
  }
  return levels;
}

/** Whether the directory `base` (relative to `root`) lists `name` as a directory, not a symlink. */
async function isRealDir(
  source: FileSource,
  root: string,
  realRoot: string,
  base: string,
  name: string,
): Promise<boolean> {
  const trimmed = root.replace(/\/+$/, "");
  const absolute = base === "" ? trimmed || "/" : `${trimmed}/${base}`;
  const entries = await source.list(absolute, { realRoot }).catch(() => []);
  return entries.some((entry) => entry.name === name && entry.kind === "directory");
}
