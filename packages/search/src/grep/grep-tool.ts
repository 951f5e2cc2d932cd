import { type ToolContext, ToolError, ToolOutput, Workspace } from "@toolkit/core";
import { checkGlob, namesHidden } from "../glob/check-glob.js";
import { spillIfLarge } from "../output/spill.js";
import { DEFAULT_SPILL_BYTES, type SearchToolOptions } from "../tool/options.js";
import { resolveTarget } from "../tool/resolve-target.js";
import { SearchTool } from "../tool/search-tool.js";
import type { EngineRequest, EngineResult, GrepEngine } from "./engine.js";
import { Searcher, type SearcherOptions } from "./searcher.js";
import { grepReply, grepRows, totalRows } from "./format-grep.js";
import { GREP_SCHEMA, type GrepInput } from "./grep-schema.js";
import { typeMatcher } from "./path-filter.js";

/** Options of Grep. */
export interface GrepOptions extends SearchToolOptions, SearcherOptions {
  /** Files larger than this are skipped. @default 8388608 (8 MiB) */
  maxFileBytes?: number;
  /** The search stops once it holds this many results (content lines, or files). @default 20000 */
  maxRows?: number;
  /** Rows per page when the call gives no `head_limit`. @default 250 */
  defaultHeadLimit?: number;
  /**
   * When the reply says how many binary and oversized files were skipped:
   * `"when-empty"`, only when nothing matched (where it explains the
   * silence; with ripgrep a second, counting pass runs then), or `"always"`
   * (ripgrep then runs with its debug log on every search, some 10-20%
   * slower). @default "when-empty"
   */
  skippedNote?: "when-empty" | "always";
}

/**
 * Grep: regular-expression search over file contents with ripgrep's syntax and
 * answers, through the bundled ripgrep binary or the pure-JS engine.
 */
export class Grep extends SearchTool<GrepInput> {
  readonly name = "Grep";
  readonly description =
    "Search file contents with a regular expression (ripgrep syntax). output_mode: files_with_matches (default), " +
    "content (path:line:text, with context lines) or count. Filter with glob or type; page with head_limit and offset. " +
    "Honours .gitignore; skips binary files and files over 8 MiB.";
  protected readonly inputSchema = GREP_SCHEMA;
  readonly #options: GrepOptions;
  readonly #searcher: Searcher;

  constructor(options: GrepOptions = {}) {
    super();
    this.#options = options;
    this.#searcher = new Searcher(options);
  }

  protected async run(input: GrepInput, ctx: ToolContext): Promise<ToolOutput> {
    const { maxFileBytes = 8 * 1024 * 1024, maxRows = 20_000, defaultHeadLimit = 250 } = this.#options;
    const { skippedNote = "when-empty" } = this.#options;
    const workspace = Workspace.from(ctx, this.#options.workspace);
    const target = await resolveTarget({ workspace, source: this.#searcher.source, ctx, path: input.path });
    const globs = input.glob === undefined ? [] : [checkGlob({ pattern: input.glob, field: "glob" })];
    if (input.type !== undefined) typeMatcher(input.type);
    const mode = input.output_mode ?? "files_with_matches";
    const context = input.context ?? 0;
    const request: EngineRequest = {
      root: target.root,
      target: target.relative,
      targetIsDir: target.isDir,
      pattern: input.pattern,
      fixedStrings: input.fixed_strings ?? false,
      caseInsensitive: input.case_insensitive ?? false,
      multiline: input.multiline ?? false,
      mode,
      before: mode === "content" ? (input.before ?? context) : 0,
      after: mode === "content" ? (input.after ?? context) : 0,
      globs,
      type: input.type,
      hidden: globs.some(namesHidden),
      maxFileBytes,
      maxRows,
      countSkipped: skippedNote === "always",
    };
    if (!request.multiline && request.pattern.includes("\n")) {
      throw ToolError.invalidInput(
        '`pattern` contains a newline ("\\n"), which only matches in multiline mode. Pass `multiline: true` to match across lines.',
      );
    }
    const headLimit = input.head_limit ?? defaultHeadLimit;
    const offset = input.offset ?? 0;
    const pageEnd = headLimit === 0 ? undefined : offset + headLimit;
    const found = await this.#searcher.search(request, ctx, {
      workspaceRoot: workspace.root,
      pageEnd,
      targetReal: target.real,
    });
    const result = await this.#withSkipCounts(found, request, ctx, workspace.root);
    const rows = grepRows({ result, mode, lineNumbers: input.line_numbers ?? true });
    const text = grepReply({
      rows,
      total: totalRows({ rows: rows.length, result, withContext: request.before + request.after > 0 }),
      pattern: input.pattern,
      headLimit,
      offset,
      result,
      maxRows,
      maxFileBytes,
      showSkipped: skippedNote === "always" || rows.length === 0,
    });
    return ToolOutput.text(
      await spillIfLarge({
        text,
        ctx,
        maxBytes: this.#options.spillBytes ?? DEFAULT_SPILL_BYTES,
        prefix: "grep",
      }),
    );
  }

  /** An empty result without skip counts gets them from a second, counting pass (the note explains the silence). */
  async #withSkipCounts(
    result: EngineResult,
    request: EngineRequest,
    ctx: ToolContext,
    workspaceRoot: string,
  ): Promise<EngineResult> {
    if (result.files.length > 0 || result.skipsCounted !== false) return result;
    const counting: EngineRequest = { ...request, mode: "files_with_matches", countSkipped: true };
    const counted = await this.#searcher.search(counting, ctx, { workspaceRoot });
    const { skippedBinary, skippedLarge } = counted;
    return { ...result, skippedBinary, skippedLarge, skipsCounted: true };
  }

  /** The engine a call in `workspaceRoot` would use. */
  engineFor(workspaceRoot: string): Promise<GrepEngine> {
    return this.#searcher.engineFor(workspaceRoot);
  }
}
