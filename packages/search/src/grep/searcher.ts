import { join } from "node:path";
import {
  type FileSource,
  type HardLinkPolicy,
  type ProgressSink,
  resolveHardLinks,
  type ToolContext,
  ToolError,
  type ToolProgress,
  withheldAsHardLinked,
} from "@toolkit/core";
import { JsEngine } from "../js-engine/js-engine.js";
import { type SourceOption, toFileSource } from "../source/legacy-source.js";
import type { EngineRequest, EngineResult, GrepEngine } from "./engine.js";
import { findRipgrep } from "./find-ripgrep.js";
import { pagedContent } from "./paged-content.js";
import { RipgrepEngine } from "./ripgrep-engine.js";
import { sniffFile } from "./sniff-file.js";
import { onlyVisible } from "./visible-paths.js";
import { withoutHardLinked } from "./without-hard-linked.js";

/** How a Searcher picks and runs its engine. */
export interface SearcherOptions {
  /**
   * `"auto"` uses ripgrep when a binary is available and the source is
   * `local`, else the JS engine. `"ripgrep"` needs a `local` source.
   * @default "auto"
   */
  engine?: "auto" | "ripgrep" | "js";
  /** Use the ripgrep binary shipped in `@vscode/ripgrep`. @default true */
  bundledRipgrep?: boolean;
  /** Directories a `rg` on PATH may come from. @default ["/usr/bin", "/usr/local/bin", "/bin"] */
  trustedDirs?: readonly string[];
  /** Worker threads of the JS engine. @default min(4, cores) */
  workers?: number;
  /** Where files are listed and read. @default new LocalFileSource() */
  source?: SourceOption;
  /**
   * A regular file with more than one hard link may have another name
   * outside the workspace: `refuse` leaves it out of every result (as the fs
   * tools refuse to open it), `allow` searches it (for trees that hard-link
   * on purpose, e.g. a pnpm store). @default "refuse"
   */
  hardLinks?: HardLinkPolicy;
}

/** Runs engine requests for Grep and CodeSearch: engine choice, single-file sniffing, visibility. */
export class Searcher {
  readonly #options: SearcherOptions;
  /** Where files are listed and read. */
  readonly source: FileSource;
  readonly #js: JsEngine;
  readonly #hardLinks: HardLinkPolicy;
  readonly #ripgrep = new Map<string, Promise<string | undefined>>();

  constructor(options: SearcherOptions = {}) {
    this.#options = options;
    this.source = toFileSource(options.source);
    this.#hardLinks = resolveHardLinks(options.hardLinks);
    if (options.engine === "ripgrep" && !this.source.local) {
      throw new TypeError(
        '`engine` "ripgrep" searches the local disk, but `source` is not a local FileSource; use engine "auto" or "js"',
      );
    }
    this.#js = new JsEngine({
      source: this.source,
      ...(options.workers ? { workers: options.workers } : {}),
    });
  }

  /**
   * Runs a request with the engine `engineFor` picks. With `pageEnd` (the
   * last row a content page needs), content is read only from the files
   * that page can reach (see `pagedContent`).
   */
  async search(
    request: EngineRequest,
    ctx: ToolContext,
    options: { workspaceRoot: string; pageEnd?: number | undefined; targetReal?: string },
  ): Promise<EngineResult> {
    if (!request.targetIsDir) {
      // The file itself (a link named as the target is followed here, as ripgrep follows it).
      const absolute = options.targetReal ?? join(request.root, request.target);
      const kind = await sniffFile({
        source: this.source,
        absolute,
        realRoot: request.root,
        maxFileBytes: request.maxFileBytes,
      });
      if (kind !== "text") {
        const skippedBinary = kind === "binary" ? 1 : 0;
        return { files: [], skippedBinary, skippedLarge: 1 - skippedBinary, truncated: false };
      }
    }
    const engine = await this.engineFor(options.workspaceRoot);
    const progress = ctx.hasProgressListener ? (u: ToolProgress) => ctx.progress(u) : undefined;
    const run = (r: EngineRequest) => this.#run(engine, r, ctx.signal, progress);
    const { pageEnd } = options;
    if (pageEnd !== undefined && request.mode === "content" && !request.multiline && request.targetIsDir) {
      return pagedContent({ request, pageEnd, run });
    }
    return run(request);
  }

  async #run(
    engine: GrepEngine,
    request: EngineRequest,
    signal: AbortSignal,
    progress: ProgressSink | undefined,
  ): Promise<EngineResult> {
    const found = await engine.search(request, signal, progress);
    const result = await this.#visible(engine, request, found);
    // Last, on what the reply would show: the fs tools' rule for files with several names.
    return withoutHardLinked({ result, source: this.source, root: request.root, hardLinks: this.#hardLinks });
  }

  #visible(
    engine: GrepEngine,
    request: EngineRequest,
    result: EngineResult,
  ): EngineResult | Promise<EngineResult> {
    if (engine.name !== "ripgrep" || request.files !== undefined) return result;
    const { root, target, hidden } = request;
    // ripgrep lets a matching --glob override ignore rules and hidden-ness, and an
    // ignore file's whitelist (`!*/`) override hidden-ness; the walker never does.
    if (request.globs.length > 0) return onlyVisible({ result, source: this.source, root, target, hidden });
    return hidden ? result : withoutHidden(result, target);
  }

  /**
   * A whole file for showing around a match, opened through the source and
   * held to the same rule as the search: `"withheld"` for a file with more
   * than one hard link, `undefined` when it cannot be read any more.
   */
  async readShown(absolute: string, realRoot: string): Promise<Uint8Array | "withheld" | undefined> {
    const file = await this.source.open(absolute, { realRoot }).catch(() => undefined);
    if (file === undefined) return undefined;
    try {
      if (withheldAsHardLinked({ stat: file.stat, hardLinks: this.#hardLinks })) return "withheld";
      return await file.readAll();
    } finally {
      await file.close();
    }
  }

  /** The engine a call would use: ripgrep when wanted and present, else the JS engine. */
  async engineFor(workspaceRoot: string): Promise<GrepEngine> {
    const { engine = "auto", bundledRipgrep = true, trustedDirs } = this.#options;
    if (engine === "js" || !this.source.local) return this.#js;
    let found = this.#ripgrep.get(workspaceRoot);
    if (found === undefined) {
      found = findRipgrep({
        workspaceRoot,
        bundled: bundledRipgrep,
        ...(trustedDirs ? { trustedDirs } : {}),
      });
      this.#ripgrep.set(workspaceRoot, found);
    }
    const binary = await found;
    if (binary !== undefined) return new RipgrepEngine({ binary });
    if (engine === "ripgrep") {
      throw ToolError.execution("no ripgrep binary is available on this platform", {
        advice: 'Configure the tool with engine "auto" or "js" to use the pure-JS engine.',
      });
    }
    return this.#js;
  }
}

/** Drops files under a hidden entry below the explicitly named target. */
function withoutHidden(result: EngineResult, target: string): EngineResult {
  const skip = target === "" ? 0 : target.length + 1;
  // A hidden entry: a path segment that starts with "." (below the target).
  const hidden = (path: string): boolean => path.charCodeAt(skip) === 46 || path.indexOf("/.", skip) !== -1;
  const files = result.files.filter((f) => !hidden(f.path));
  return files.length === result.files.length ? result : { ...result, files };
}
