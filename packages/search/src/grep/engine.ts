import type { ProgressSink } from "@toolkit/core";
import type { ScanLine, ScanMode } from "../js-engine/scan-text.js";

/** A search both engines run, already checked and resolved. */
export interface EngineRequest {
  /** The workspace root (real path); paths in results are relative to it. */
  readonly root: string;
  /** The file or directory to search, relative to the root ("" = the root). */
  readonly target: string;
  readonly targetIsDir: boolean;
  readonly pattern: string;
  readonly fixedStrings: boolean;
  readonly caseInsensitive: boolean;
  readonly multiline: boolean;
  readonly mode: ScanMode;
  readonly before: number;
  readonly after: number;
  /** Grep's `glob` filters (ripgrep glob syntax), possibly empty. */
  readonly globs: readonly string[];
  readonly type: string | undefined;
  /** Whether hidden entries are searched (a glob named them). */
  readonly hidden: boolean;
  /** Files larger than this are skipped and counted. */
  readonly maxFileBytes: number;
  /** The engine stops once it holds this many output lines (content) or files. */
  readonly maxRows: number;
  /**
   * Search exactly these files (relative to the root) instead of walking
   * `target`: they were already selected, so no filter applies again.
   */
  readonly files?: readonly string[];
  /**
   * Whether the skipped binary and oversized files must be counted. ripgrep
   * reports them only in its debug log, which slows every search, so Grep
   * asks for them only when its reply will show them. @default true
   */
  readonly countSkipped?: boolean;
}

/** One file's result. `lines` is empty except in content mode. */
export interface FileMatch {
  readonly path: string;
  readonly count: number;
  readonly lines: readonly ScanLine[];
}

/** What an engine found. */
export interface EngineResult {
  /** Files with matches, in no particular order. */
  readonly files: FileMatch[];
  readonly skippedBinary: number;
  readonly skippedLarge: number;
  /** False when the engine was not asked to count skipped files (`skippedBinary`/`skippedLarge` are then 0). @default true */
  readonly skipsCounted?: boolean;
  /** True when the engine stopped at `maxRows` before the search ended. */
  readonly truncated: boolean;
  /** Files with matches left out because they have more than one hard link (see `withoutHardLinked`). */
  readonly hardLinked?: number;
  /**
   * Set when only the first files (by path) were searched for content: the
   * matching lines and files in the whole search, from a counting pass.
   */
  readonly totals?: { readonly matchLines: number; readonly files: number; readonly complete: boolean };
}

/** A grep engine: ripgrep, or the pure-JS one. */
export interface GrepEngine {
  readonly name: "ripgrep" | "js";
  /** `progress` receives `scanned N files` on large trees, from an engine that walks them itself (the JS one). */
  search(request: EngineRequest, signal: AbortSignal, progress?: ProgressSink): Promise<EngineResult>;
}
