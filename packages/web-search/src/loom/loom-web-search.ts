import { type JsonSchema, ToolBase, ToolError, type ToolContext, ToolOutput, arrived } from "@toolkit/core";
import { SearchConfigError, describeValue } from "../errors/config-error.js";
import { toProxyResponse } from "../providers/proxy-wire.js";
import { searchFailure } from "../tool/search-failure.js";
import { MAX_RESULTS, type SearchProvider, type SearchResult } from "../providers/search-provider.js";

const DESCRIPTION =
  "Perform a web search through the search proxy. Returns JSON: the query and up to `max_results` results, " +
  "each with title, url, snippet, display_link and rank.";

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "Search query string in natural language." },
    max_results: {
      type: "integer",
      minimum: 1,
      maximum: MAX_RESULTS,
      description: `Maximum number of search results to return (default: 5, max: ${MAX_RESULTS}).`,
    },
  },
  required: ["query"],
};

/**
 * Loom's `web_search`: `{ query, max_results? = 5 (max 10) }` →
 * `{ query, results: [{ title, url, snippet, display_link, rank }] }`, the
 * reply of Loom's server proxy. Read-only and concurrency-safe.
 */
export class LoomWebSearch extends ToolBase<{ query: string; max_results?: number }> {
  readonly name = "web_search";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = SCHEMA;
  readonly #provider: SearchProvider;

  constructor({ provider }: { provider: SearchProvider }) {
    super();
    if (typeof provider?.search !== "function") {
      throw new SearchConfigError({
        owner: "web_search",
        field: "provider",
        expected: "a SearchProvider such as proxyProvider({ baseUrl, token, backend })",
        received: describeValue(provider),
      });
    }
    this.#provider = provider;
  }

  protected async run(args: { query: string; max_results?: number }, ctx: ToolContext): Promise<ToolOutput> {
    const query = args.query.trim();
    if (query === "") throw ToolError.invalidInput(`\`query\` must not be empty, got ${arrived(args.query)}`);
    const count = args.max_results ?? 5;
    let results: SearchResult[];
    try {
      results = await this.#provider.search({ query, count, signal: ctx.signal });
    } catch (error) {
      throw searchFailure(error);
    }
    return ToolOutput.structured(toProxyResponse(query, results.slice(0, count)));
  }

  isConcurrencySafe(): boolean {
    return true;
  }
  isReadOnly(): boolean {
    return true;
  }
  isIdempotent(): boolean {
    return true;
  }
}
