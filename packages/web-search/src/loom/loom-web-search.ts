import {
  adviceFor,
  arrived,
  checkKnownFields,
  type JsonSchema,
  LoomToolError,
  type ToolContext,
  ToolBase,
  ToolError,
  ToolOutput,
} from "@toolkit/core";
import { describeValue, SearchConfigError } from "../errors/config-error.js";
import { toProxyResponse } from "../providers/proxy-wire.js";
import { MAX_RESULTS, type SearchProvider, type SearchResult } from "../providers/search-provider.js";
import { searchFailure } from "../tool/search-failure.js";

/**
 * The Loom document's "Perform web searches via Loom server proxy.", without
 * the word that would be untrue: the proxy is this package's, not Loom's
 * server, and a provider that is not a proxy is not called one.
 */
const PROXY_DESCRIPTION = "Perform web searches via server proxy.";
const DIRECT_DESCRIPTION = "Perform web searches.";

/** The Loom document's fields, as it shows them. */
const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "Search query in natural language" },
    max_results: { type: "integer", description: "Maximum results (default: 5, max: 10)" },
  },
  required: ["query"],
};

/**
 * Loom's `web_search`: `{ query, max_results? = 5 (max 10) }` →
 * `{ query, results: [{ title, url, snippet, display_link, rank }] }`, the
 * reply of the search proxy. Failures in Loom's form (`Error: <message>`).
 * Read-only and concurrency-safe.
 */
export class LoomWebSearch extends ToolBase<{ query: string; max_results?: number }> {
  readonly name = "web_search";
  readonly description: string;
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
    this.description = String(provider.name).startsWith("proxy:") ? PROXY_DESCRIPTION : DIRECT_DESCRIPTION;
  }

  protected async run(args: { query: string; max_results?: number }, ctx: ToolContext): Promise<ToolOutput> {
    try {
      return await this.#search(args, ctx);
    } catch (error) {
      throw ToolError.is(error) ? LoomToolError.from(error) : error;
    }
  }

  async #search(args: { query: string; max_results?: number }, ctx: ToolContext): Promise<ToolOutput> {
    checkKnownFields(args, ["query", "max_results"]);
    const query = args.query.trim();
    if (query === "") {
      throw LoomToolError.invalidArguments(`query must not be empty, got ${arrived(args.query)}`, {
        advice: adviceFor("InvalidInput"),
      });
    }
    const count = args.max_results ?? 5;
    if (count < 1 || count > MAX_RESULTS) {
      throw LoomToolError.invalidArguments(`max_results must be between 1 and ${MAX_RESULTS}, got ${count}`, {
        advice: adviceFor("InvalidInput"),
      });
    }
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
