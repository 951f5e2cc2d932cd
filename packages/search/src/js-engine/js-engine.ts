import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { ToolError } from "@toolkit/core";
import type { EngineRequest, EngineResult, FileMatch, GrepEngine } from "../grep/engine.js";
import { pathFilter } from "../grep/path-filter.js";
import { nodeSearchSource, type SearchSource } from "../source/search-source.js";
import { walk } from "../walk/walker.js";
import { type FileOutcome, fileScanner, type ScanSettings } from "./scan-file.js";
import { startWorker } from "./start-worker.js";
import { translateRegex } from "./translate-regex.js";
import type { WorkerReply } from "./worker-protocol.js";

/** Options of the pure-JS engine. */
export interface JsEngineOptions {
  /** Lists the files to search. @default nodeSearchSource */
  source?: SearchSource;
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
  readonly #source: SearchSource;
  readonly #workers: number;
  readonly #inlineBelow: number;

  constructor(options: JsEngineOptions = {}) {
    const { source = nodeSearchSource, inlineBelowFiles = 256 } = options;
    this.#source = source;
    this.#workers = options.workers ?? Math.max(1, Math.min(4, availableParallelism()));
    this.#inlineBelow = inlineBelowFiles;
  }

  async search(request: EngineRequest, signal: AbortSignal): Promise<EngineResult> {
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
    };
    const run = new Run(request, settings, signal);
    const keep = pathFilter({ globs: request.globs, type: request.type });
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

  result(): EngineResult {
    const { files, skippedBinary, skippedLarge, truncated } = this;
    return { files, skippedBinary, skippedLarge, truncated };
  }
}

/** Worker threads fed batches of paths; the least busy worker gets the next batch. */
class Pool {
  readonly #workers: Worker[] = [];
  readonly #load = new Map<Worker, number>();
  readonly #batches = new Map<number, readonly string[]>();
  readonly #run: Run;
  #nextId = 0;
  #failure: unknown;
  #idle: (() => void) | undefined;
  readonly #onAbort = (): void => this.#idle?.();

  constructor(size: number, settings: ScanSettings, run: Run) {
    this.#run = run;
    for (let i = 0; i < size; i++) {
      const worker = startWorker(settings);
      worker.on("message", (reply: WorkerReply) => this.#onReply(worker, reply));
      worker.on("error", (error) => {
        this.#failure ??= error;
        this.#idle?.();
      });
      this.#workers.push(worker);
      this.#load.set(worker, 0);
    }
    run.signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  submit(relatives: readonly string[]): void {
    const id = this.#nextId++;
    this.#batches.set(id, relatives);
    const worker = [...this.#load].sort((a, b) => a[1] - b[1])[0]?.[0] as Worker;
    this.#load.set(worker, (this.#load.get(worker) ?? 0) + 1);
    worker.postMessage({ id, paths: relatives.map((r) => join(this.#run.request.root, r)) });
  }

  #onReply(worker: Worker, reply: WorkerReply): void {
    this.#load.set(worker, (this.#load.get(worker) ?? 1) - 1);
    const relatives = this.#batches.get(reply.id) ?? [];
    this.#batches.delete(reply.id);
    reply.outcomes.forEach((outcome, i) => {
      this.#run.record(relatives[i] as string, outcome);
    });
    if (this.#batches.size === 0 || this.#run.stopped) this.#idle?.();
  }

  /** Resolves when every batch is answered, the cap is reached, or the signal fires. */
  async drain(): Promise<void> {
    while (this.#batches.size > 0 && !this.#run.stopped && this.#failure === undefined) {
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
      });
    }
    if (this.#failure !== undefined && !this.#run.stopped) {
      throw ToolError.execution(`a search worker failed (${String(this.#failure)})`, {
        cause: this.#failure,
      });
    }
  }

  async close(): Promise<void> {
    this.#run.signal.removeEventListener("abort", this.#onAbort);
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
