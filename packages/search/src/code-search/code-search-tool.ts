import { join } from "node:path";
import { type JsonSchema, type ToolContext, ToolError, ToolOutput, Workspace } from "@toolkit/core";
import { checkGlob, namesHidden } from "../glob/check-glob.js";
import type { EngineRequest } from "../grep/engine.js";
import { Searcher, type SearcherOptions } from "../grep/searcher.js";
import { hardLinkedNote } from "../grep/without-hard-linked.js";
import { spillIfLarge } from "../output/spill.js";
import { DEFAULT_SPILL_BYTES, type SearchToolOptions } from "../tool/options.js";
import { resolveTarget } from "../tool/resolve-target.js";
import { SearchTool } from "../tool/search-tool.js";
import { type Hit, renderGroups } from "./render-groups.js";
import { symbolFilter, symbolPattern } from "./symbol-search.js";

/** Input of CodeSearch. */
export interface CodeSearchInput {
  query: string;
  path?: string;
  glob?: string;
  context_lines?: number;
  max_results?: number;
  symbol?: boolean;
}

/** Options of CodeSearch. */
export interface CodeSearchOptions extends SearchToolOptions, SearcherOptions {}

// As `readFile(path, "utf8")` decodes: a byte-order mark is kept, bad bytes become U+FFFD.
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
const MAX_CONTEXT = 5;
const MAX_RESULTS = 200;

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: {
      type: "string",
      description: "Literal text to find (or, with symbol: true, a name whose definitions to find).",
    },
    path: { type: "string", description: "File or directory to search (default: the workspace root)." },
    glob: { type: "string", description: 'Only files matching this glob, e.g. "*.py".' },
    context_lines: {
      type: "integer",
      minimum: 0,
      description: "Lines of context around each match (default 2, max 5).",
    },
    max_results: { type: "integer", minimum: 1, description: "Matches to show (default 50, max 200)." },
    symbol: {
      type: "boolean",
      description:
        "Find definitions of the name (function, class, method, type, const, def, fn, struct, ...) instead of every mention.",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/** CodeSearch: a literal (or symbol-definition) search with context, grouped by file. */
export class CodeSearch extends SearchTool<CodeSearchInput> {
  readonly name = "CodeSearch";
  readonly description =
    "Search code for a literal string and show each match with surrounding lines, grouped by file. " +
    "With symbol: true, find where a name is defined (functions, classes, methods, types, constants) across " +
    "TypeScript/JavaScript, Python, Go, Rust, Java, C/C++ and Ruby.";
  protected readonly inputSchema = SCHEMA;
  readonly #options: CodeSearchOptions;
  readonly #searcher: Searcher;

  constructor(options: CodeSearchOptions = {}) {
    super();
    this.#options = options;
    this.#searcher = new Searcher(options);
  }

  protected async run(input: CodeSearchInput, ctx: ToolContext): Promise<ToolOutput> {
    const { query, symbol = false } = input;
    if (query.trim() === "") throw ToolError.invalidInput('`query` must be non-empty text, got ""');
    if (query.includes("\n"))
      throw ToolError.invalidInput("`query` must be one line; search for one line of the text.");
    if (symbol && !/^[\p{L}\p{N}_$:.~?!]+$/u.test(query)) {
      throw ToolError.invalidInput(
        `\`query\` "${query}" is not a single name; symbol search takes one identifier`,
        {
          advice: "Pass just the name (e.g. parseConfig), or drop `symbol` for a literal search.",
        },
      );
    }
    const workspace = Workspace.from(ctx, this.#options.workspace);
    const source = this.#searcher.source;
    const target = await resolveTarget({ workspace, source, ctx, path: input.path });
    const userGlobs = input.glob === undefined ? [] : [checkGlob({ pattern: input.glob, field: "glob" })];
    const symbolSearch = symbol ? symbolPattern(query) : undefined;
    const request: EngineRequest = {
      root: target.root,
      target: target.relative,
      targetIsDir: target.isDir,
      pattern: symbolSearch?.pattern ?? query,
      fixedStrings: !symbol,
      caseInsensitive: false,
      multiline: false,
      mode: "content",
      before: 0,
      after: 0,
      globs: userGlobs.length > 0 || symbolSearch === undefined ? userGlobs : symbolSearch.globs,
      type: undefined,
      hidden: userGlobs.some(namesHidden),
      maxFileBytes: 8 * 1024 * 1024,
      // CodeSearch never reports skipped files: spare ripgrep its debug log.
      countSkipped: false,
      maxRows: 20_000,
    };
    const result = await this.#searcher.search(request, ctx, {
      workspaceRoot: workspace.root,
      targetReal: target.real,
    });
    const keep = symbolSearch ? symbolFilter(query) : () => true;
    const found: Hit[] = [];
    for (const file of result.files) {
      for (const [line, text, isMatch] of file.lines)
        if (isMatch && keep(file.path, text)) found.push({ path: file.path, line });
    }
    const texts = new Map<string, string[]>();
    let linked = result.hardLinked ?? 0;
    await Promise.all(
      [...new Set(found.map((h) => h.path))].map(async (path) => {
        const bytes = await this.#searcher.readShown(join(target.root, path), target.root);
        if (bytes === "withheld") linked++;
        else texts.set(path, bytes === undefined ? [""] : UTF8.decode(bytes).split("\n"));
      }),
    );
    // A file that gained a second name since the search is not shown either.
    const hits = found.filter((h) => texts.has(h.path));
    const linkedNote = hardLinkedNote(linked);
    if (hits.length === 0) {
      const none = `No ${symbol ? "definitions" : "matches"} found for "${query}".`;
      return ToolOutput.text(linkedNote === undefined ? none : `${none}\n${linkedNote}`);
    }
    const maxResults = Math.min(input.max_results ?? 50, MAX_RESULTS);
    const contextLines = Math.min(input.context_lines ?? 2, MAX_CONTEXT);
    const body = renderGroups({ hits, texts, maxResults, contextLines });
    const notes: string[] = [];
    if (hits.length > maxResults) {
      notes.push(
        `(Showing the first ${maxResults} of ${hits.length} matches; raise \`max_results\` (max ${MAX_RESULTS}) or narrow \`path\`/\`glob\`.)`,
      );
    }
    if ((input.max_results ?? 0) > MAX_RESULTS) notes.push(`(\`max_results\` is capped at ${MAX_RESULTS}.)`);
    if ((input.context_lines ?? 0) > MAX_CONTEXT)
      notes.push(`(\`context_lines\` is capped at ${MAX_CONTEXT}.)`);
    if (linkedNote !== undefined) notes.push(linkedNote);
    const noun = symbol
      ? hits.length === 1
        ? "definition"
        : "definitions"
      : hits.length === 1
        ? "match"
        : "matches";
    const text = [`Found ${hits.length} ${noun} for "${query}":`, "", body, ...notes].join("\n");
    const maxBytes = this.#options.spillBytes ?? DEFAULT_SPILL_BYTES;
    return ToolOutput.text(await spillIfLarge({ text, ctx, maxBytes, prefix: "codesearch" }));
  }
}
