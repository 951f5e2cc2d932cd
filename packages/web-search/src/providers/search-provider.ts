import type { RetryEvent } from "../http/transport-options.js";

/** One web search result, as every provider maps it. */
export interface SearchResult {
  /** The page title, whitespace collapsed. */
  readonly title: string;
  /** The page address. */
  readonly url: string;
  /** A short excerpt of the page, whitespace collapsed; empty when the provider gave none. */
  readonly snippet: string;
  /** The host shown for the result (CSE's `displayLink`; otherwise the URL's host). */
  readonly displayLink?: string;
}

/** What a provider is asked for. */
export interface SearchRequest {
  /** The query text, sent as is. */
  readonly query: string;
  /** How many results to return, 1 to 10. */
  readonly count: number;
  /** Cancels the search, including waits between retries. */
  readonly signal?: AbortSignal | undefined;
  /** Called before each wait between attempts of this search (after the provider's own `onRetry`). */
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
}

/**
 * The seam between the search tools and a search service. Implementations
 * throw a `SearchError` when the search fails and return at most `count`
 * results, best first.
 */
export interface SearchProvider {
  /** A short name for messages and logs, e.g. `google-cse`. Never a secret. */
  readonly name: string;
  /** Runs one search. */
  search(request: SearchRequest): Promise<SearchResult[]>;
}

/** The most results any provider is asked for in one search. */
export const MAX_RESULTS = 10;
