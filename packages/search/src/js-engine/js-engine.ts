import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type FileSource, type ProgressSink, ToolError } from "@toolkit/core";
import type { EngineRequest, EngineResult, FileMatch, GrepEngine } from "../grep/engine.js";
import { pathFilter } from "../grep/path-filter.js";
import { type SourceOption, toFileSource } from "../source/legacy-source.js";
import { walk } from "../walk/walker.js";
import { type FileOutcome, fileScanner, type ScanSettings } from "./scan-file.js";
import { translateRegex } from "./translate-regex.js";
import { Pool } from "./worker-pool.js";

/** Options of the pure-JS engine. */
export interface JsEngineOptions {
  /**
   * Lists and reads the files to search. A `local` source's files are read
   * by worker threads straight from the disk; any other is read through the
   * source, on the calling thread. @default new LocalFileSource()
   */
  source?: SourceOption;
  /** Worker threads. @default min(4, available cores) */
  workers?: number;
  /** Searches of fewer files than this run on the calling thread (no worker start-up). @default 256 */
  inlineBelowFiles?: number;
}

const BATCH = 64;

/**
 * The pure-JS grep engine: the shared walker lists files, worker threads read
 * each whole file, sniff binary content and scan it with the translated
 * regex. Same answers as ripgrep on the common syntax; other syntax is refused.
 */
export class JsEngine implements GrepEngine {
  readonly name = "js";
  readonly #source: FileSource;
  readonly #workers: number;
  readonly #inlineBelow: number;

  constructor(options: JsEngineOptions = {}) {
    const { inlineBelowFiles = 256 } = options;
    this.#source = toFileSource(options.source);
    this.#workers = options.workers ?? Math.max(1, Math.min(4, availableParallelism()));
    this.#inlineBelow = inlineBelowFiles;
  }

  async search(request: EngineRequest, signal: AbortSignal, progress?: ProgressSink): Promise<EngineResult> {
    if (signal.aborted) throw ToolError.cancelled();
    const { source, flags, matchesNewline } = translateRegex(request);
    const settings: ScanSettings = {
      source,
      flags,
      perMatch: request.multiline && matchesNewline,
      mode: request.mode,
      before: request.before,
      after: request.after,
      maxFileBytes: request.maxFileBytes,
      literal: requiredLiteral(request),
      realRoot: request.root,
    };
    const run = new Run(request, settings, signal);
    const keep = pathFilter({ globs: request.globs, type: request.type });
    if (!this.#source.local) return this.#searchThrough(this.#source, run, keep, progress);
    if (request.files !== undefined && request.files.length < this.#inlineBelow) {
      run.inline(request.files);
      return run.result();
    }
    if (!request.targetIsDir) {
      run.inline([request.target]);
      return run.result();
    }
    const walker =
      request.files !== undefined
        ? inBatches(request.files)
        : walk({
            source: this.#source,
            root: request.root,
            start: request.target,
            hidden: request.hidden,
            signal,
            ...(progress ? { progress } : {}),
          });
    let pending: string[] = [];
    let pool: Pool | undefined;
    try {
      for await (const batch of walker) {
        if (run.stopped) break;
        for (const entry of batch)
          if (entry.kind === "file" && keep(entry.relative)) pending.push(entry.relative);
        if (pool === undefined && pending.length >= this.#inlineBelow)
          pool = new Pool(this.#workers, settings, run);
        if (pool !== undefined && pending.length >= BATCH) {
          pool.submit(pending);
          pending = [];
        }
      }
      if (pool === undefined) run.inline(pending);
      else {
        if (pending.length > 0) pool.submit(pending);
        await pool.drain();
      }
    } finally {
      await pool?.close();
    }
    if (signal.aborted) throw ToolError.cancelled();
    return run.result();
  }

  /** A search of a non-local source: every file is read through it, on this thread. */
  async #searchThrough(
    source: FileSource,
    run: Run,
    keep: (relative: string) => boolean,
    progress: ProgressSink | undefined,
  ): Promise<EngineResult> {
    const { request, signal } = run;
    if (!request.targetIsDir) {
      await run.through(source, [request.target]);
      return run.result();
    }
    const walker =
      request.files !== undefined
        ? inBatches(request.files)
        : walk({
            source,
            root: request.root,
            start: request.target,
            hidden: request.hidden,
            signal,
            ...(progress ? { progress } : {}),
          });
    // Files already chosen (a content page) passed the filters once; they are not applied again.
    const wanted = request.files !== undefined ? () => true : keep;
    for await (const batch of walker) {
      if (run.stopped) break;
      await run.through(
        source,
        batch.filter((e) => e.kind === "file" && wanted(e.relative)).map((e) => e.relative),
      );
    }
    if (signal.aborted) throw ToolError.cancelled();
    return run.result();
  }
}

/** Already-chosen files, shaped like the walker's batches. */
async function* inBatches(
  files: readonly string[],
): AsyncGenerator<Array<{ relative: string; kind: "file" }>> {
  for (let i = 0; i < files.length; i += BATCH) {
    yield files.slice(i, i + BATCH).map((relative) => ({ relative, kind: "file" as const }));
  }
}

/** A literal every match must contain, when the pattern is one (case-sensitive only). */
function requiredLiteral(request: EngineRequest): string | undefined {
  if (request.caseInsensitive || request.pattern === "") return undefined;
  if (request.fixedStrings) return request.pattern;
  return /^[A-Za-z0-9_ "'#%&,:;<=>@`~-]+$/.test(request.pattern) ? request.pattern : undefined;
}

/** The state of one search: outcomes gathered, rows counted, stopping at the cap. */
class Run {
  readonly files: FileMatch[] = [];
  skippedBinary = 0;
  skippedLarge = 0;
  rows = 0;
  truncated = false;
  #scanner: ReturnType<typeof fileScanner> | undefined;

  constructor(
    readonly request: EngineRequest,
    readonly settings: ScanSettings,
    readonly signal: AbortSignal,
  ) {}

  get stopped(): boolean {
    return this.truncated || this.signal.aborted;
  }

  record(relative: string, outcome: FileOutcome): void {
    if (this.stopped) return;
    if (outcome.kind === "binary") this.skippedBinary++;
    else if (outcome.kind === "large") this.skippedLarge++;
    else if (outcome.kind === "match") {
      this.files.push({ path: relative, count: outcome.count, lines: outcome.lines });
      this.rows += this.request.mode === "content" ? outcome.lines.length : 1;
      if (this.rows >= this.request.maxRows) this.truncated = true;
    }
  }

  inline(relatives: readonly string[]): void {
    this.#scanner ??= fileScanner(this.settings);
    for (const relative of relatives) {
      if (this.stopped) return;
      this.record(relative, this.#scanner.scan(join(this.request.root, relative)));
    }
  }

  /** Scans files read through a source (opened and checked under the root; too large ones are not read). */
  async through(source: FileSource, relatives: readonly string[]): Promise<void> {
    this.#scanner ??= fileScanner(this.settings);
    const realRoot = this.request.root;
    for (const relative of relatives) {
      if (this.stopped) return;
      let outcome: FileOutcome = { kind: "none" };
      try {
        const file = await source.open(join(realRoot, relative), { realRoot });
        try {
          if (file.stat.size > this.settings.maxFileBytes) outcome = { kind: "large" };
          else if (file.stat.kind === "file") outcome = this.#scanner.scanBytes(await file.readAll());
        } finally {
          await file.close();
        }
      } catch (error) {
        // As a local file that cannot be opened is passed over; anything but a ToolError is a bug.
        if (!ToolError.is(error)) throw error;
      }
      this.record(relative, outcome);
    }
  }

  result(): EngineResult {
    const { files, skippedBinary, skippedLarge, truncated } = this;
    return { files, skippedBinary, skippedLarge, truncated };
  }
}
