import { type ToolContext, ToolBase, ToolOutput } from "@toolkit/core";
import { SearchConfigError, describeValue } from "../errors/config-error.js";
import { toProxyResponse } from "../providers/proxy-wire.js";
import { MAX_RESULTS, type SearchProvider, type SearchResult } from "../providers/search-provider.js";
import { filterByDomains, siteOperators } from "./domain-filter.js";
import { formatResults } from "./format-results.js";
import { searchFailure } from "./search-failure.js";
import type { RetryEvent } from "../http/transport-options.js";
import { retryLine } from "./retry-line.js";
import {
  type RawWebSearchInput,
  WEB_SEARCH_SCHEMA,
  type WebSearchInput,
  readWebSearchInput,
} from "./web-search-input.js";

/** Options of the WebSearch tool. */
export interface WebSearchOptions {
  /** Where searches go: `GoogleCse`, `Serper`, `proxyProvider(...)` or your own. */
  provider: SearchProvider;
  /** Results when the call has no `max_results`. @default 5 */
  defaultMaxResults?: number;
  /** The longest query accepted, after trimming. @default 1000 */
  maxQueryChars?: number;
  /**
   * Adds `site:` / `-site:` operators for the domain filters to the query sent,
   * so the provider returns matching pages; results are filtered either way.
   * @default true
   */
  siteOperators?: boolean;
  /** `"text"`: numbered results (the same results as JSON in `output.structuredValue()`); `"json"`: the JSON itself. @default "text" */
  reply?: "text" | "json";
}

const DESCRIPTION = [
  "Searches the web and returns the top results, each with its title, URL and a short snippet.",
  "Use it for current information, documentation, release notes, error messages and anything your training data may not cover.",
  "Write the query as you would type it into a search engine: the key terms, not a whole question.",
  "`max_results` (1-10, default 5) sets how many results come back.",
  '`allowed_domains` keeps only results from those sites, subdomains included (e.g. ["docs.python.org"]); `blocked_domains` drops results from those sites.',
  "Snippets are short excerpts, not whole pages: cite the URLs you rely on.",
].join(" ");

/**
 * Wire name `WebSearch`: searches the web through a SearchProvider. Read-only
 * and concurrency-safe. Bad input and a provider's failure are soft failures.
 */
export class WebSearch extends ToolBase<WebSearchInput> {
  readonly name = "WebSearch";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = WEB_SEARCH_SCHEMA;
  readonly #provider: SearchProvider;
  readonly #defaultMaxResults: number;
  readonly #maxQueryChars: number;
  readonly #siteOperators: boolean;
  readonly #reply: "text" | "json";

  constructor({
    provider,
    defaultMaxResults = 5,
    maxQueryChars = 1000,
    siteOperators = true,
    reply = "text",
  }: WebSearchOptions) {
    super();
    if (typeof provider?.search !== "function") {
      throw new SearchConfigError({
        owner: "WebSearch",
        field: "provider",
        expected: "a SearchProvider (GoogleCse, Serper, proxyProvider(...))",
        received: describeValue(provider),
      });
    }
    if (!Number.isInteger(defaultMaxResults) || defaultMaxResults < 1 || defaultMaxResults > MAX_RESULTS) {
      throw new SearchConfigError({
        owner: "WebSearch",
        field: "defaultMaxResults",
        expected: `an integer from 1 to ${MAX_RESULTS}`,
        received: describeValue(defaultMaxResults),
      });
    }
    if (!Number.isInteger(maxQueryChars) || maxQueryChars < 1) {
      throw new SearchConfigError({
        owner: "WebSearch",
        field: "maxQueryChars",
        expected: "a positive integer",
        received: describeValue(maxQueryChars),
      });
    }
    this.#provider = provider;
    this.#defaultMaxResults = defaultMaxResults;
    this.#maxQueryChars = maxQueryChars;
    this.#siteOperators = siteOperators;
    this.#reply = reply;
  }

  /** The rules the schema cannot say, and the default `max_results`. */
  protected override prepareInput(valid: unknown): WebSearchInput {
    return readWebSearchInput(valid as RawWebSearchInput, {
      defaultMaxResults: this.#defaultMaxResults,
      maxQueryChars: this.#maxQueryChars,
    });
  }

  protected async run(call: WebSearchInput, ctx: ToolContext): Promise<ToolOutput> {
    const filtered = call.allowed.length > 0 || call.blocked.length > 0;
    const operators = filtered && this.#siteOperators ? siteOperators(call) : "";
    let found: SearchResult[];
    try {
      found = await this.#provider.search({
        query: operators ? `${call.query} ${operators}` : call.query,
        count: filtered ? MAX_RESULTS : call.maxResults,
        signal: ctx.signal,
        ...(ctx.hasProgressListener
          ? { onRetry: (e: RetryEvent) => ctx.progress({ message: retryLine(e) }) }
          : {}),
      });
    } catch (error) {
      throw searchFailure(error);
    }
    const { kept, removed } = filterByDomains(found, call);
    const results = kept.slice(0, call.maxResults);
    const json = toProxyResponse(call.query, results);
    if (this.#reply === "json") return ToolOutput.structured(json);
    const text = formatResults({ ...call, results, removed });
    return ToolOutput.text(text).withStructured(json);
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
