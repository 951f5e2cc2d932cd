import { fetchWithRetry } from "../http/fetch-with-retry.js";
import {
  type ResolvedTransport,
  type TransportOptions,
  requireString,
  resolveTransport,
} from "../http/transport-options.js";
import type { SearchProvider, SearchRequest, SearchResult } from "./search-provider.js";
import { clampCount, responseError } from "./provider-helpers.js";
import { listField, parseJsonObject, toResult } from "./wire-json.js";

/** Options of the Google Custom Search provider. */
export interface GoogleCseOptions extends TransportOptions {
  /** A Google Cloud API key with the Custom Search API enabled. */
  apiKey: string;
  /** The Programmable Search Engine id (`cx`). */
  cx: string;
}

const OWNER = "GoogleCse";

/**
 * Google Custom Search JSON API: `GET <baseUrl>/customsearch/v1?key&cx&q&num`,
 * results from `items[]` (`title`, `link`, `snippet`, `displayLink`).
 *
 * @example new GoogleCse({ apiKey: process.env.GOOGLE_CSE_API_KEY!, cx: process.env.GOOGLE_CSE_CX! })
 */
export class GoogleCse implements SearchProvider {
  readonly name = "google-cse";
  readonly #apiKey: string;
  readonly #cx: string;
  readonly #transport: ResolvedTransport;

  constructor({ apiKey, cx, ...transport }: GoogleCseOptions) {
    this.#apiKey = requireString(OWNER, "apiKey", apiKey, "Pass an API key from the Google Cloud console.");
    this.#cx = requireString(
      OWNER,
      "cx",
      cx,
      "Pass the search engine id from programmablesearchengine.google.com.",
    );
    this.#transport = resolveTransport(OWNER, transport, "https://www.googleapis.com");
  }

  async search({ query, count, signal, onRetry }: SearchRequest): Promise<SearchResult[]> {
    const num = clampCount(count);
    const params = new URLSearchParams({ key: this.#apiKey, cx: this.#cx, q: query, num: String(num) });
    const { body, attempts } = await fetchWithRetry(
      {
        url: `${this.#transport.baseUrl}/customsearch/v1?${params}`,
        method: "GET",
        headers: { accept: "application/json" },
      },
      { provider: this.name, transport: this.#transport, signal, onRetry, secrets: [this.#apiKey] },
    );
    try {
      return listField(parseJsonObject(body), "items")
        .map((item) => toResult(item, { url: "link", displayLink: "displayLink" }))
        .filter((r): r is SearchResult => r !== undefined)
        .slice(0, num);
    } catch (error) {
      throw responseError({ provider: this.name, error, secrets: [this.#apiKey], attempts });
    }
  }
}
