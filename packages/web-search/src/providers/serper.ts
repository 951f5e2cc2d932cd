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

/** Options of the Serper provider. */
export interface SerperOptions extends TransportOptions {
  /** The serper.dev API key, sent in `X-API-KEY`. */
  apiKey: string;
}

const OWNER = "Serper";

/**
 * Serper (Google results): `POST <baseUrl>/search` with `X-API-KEY` and a JSON
 * body `{ q, num }`, results from `organic[]` (`title`, `link`, `snippet`).
 *
 * @example new Serper({ apiKey: process.env.SERPER_API_KEY! })
 */
export class Serper implements SearchProvider {
  readonly name = "serper";
  readonly #apiKey: string;
  readonly #transport: ResolvedTransport;

  constructor({ apiKey, ...transport }: SerperOptions) {
    this.#apiKey = requireString(OWNER, "apiKey", apiKey, "Pass the API key from serper.dev.");
    this.#transport = resolveTransport(OWNER, transport, "https://google.serper.dev");
  }

  async search({ query, count, signal, onRetry }: SearchRequest): Promise<SearchResult[]> {
    const num = clampCount(count);
    const { body, attempts } = await fetchWithRetry(
      {
        url: `${this.#transport.baseUrl}/search`,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-api-key": this.#apiKey,
        },
        body: JSON.stringify({ q: query, num }),
      },
      { provider: this.name, transport: this.#transport, signal, onRetry, secrets: [this.#apiKey] },
    );
    try {
      return listField(parseJsonObject(body), "organic")
        .map((item) => toResult(item, { url: "link" }))
        .filter((r): r is SearchResult => r !== undefined)
        .slice(0, num);
    } catch (error) {
      throw responseError({ provider: this.name, error, secrets: [this.#apiKey], attempts });
    }
  }
}
