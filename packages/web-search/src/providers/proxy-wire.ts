import type { SearchResult } from "./search-provider.js";
import { WireFormatError, cleanText, hostOf, listField, parseJsonObject } from "./wire-json.js";

/** The proxy's request body: `POST /proxy/<backend>`. */
export interface ProxyRequestBody {
  query: string;
  max_results: number;
}

/** One result in the proxy's (and Loom's `web_search`) reply. */
export type ProxyResultItem = {
  title: string;
  url: string;
  snippet: string;
  display_link: string | null;
  rank: number;
};

/** The proxy's reply body, which is also Loom's `web_search` reply. */
export type ProxyResponseBody = {
  query: string;
  results: ProxyResultItem[];
};

/** Results in the proxy's wire shape, ranked from 1. */
export function toProxyResponse(query: string, results: readonly SearchResult[]): ProxyResponseBody {
  return {
    query,
    results: results.map((r, i) => ({
      title: r.title,
      url: r.url,
      snippet: r.snippet,
      display_link: r.displayLink ?? null,
      rank: i + 1,
    })),
  };
}

/** Parses a proxy reply into results, or throws a WireFormatError. */
export function fromProxyResponse(body: string): SearchResult[] {
  const list = listField(parseJsonObject(body), "results");
  return list.map((item, i) => {
    if (typeof item !== "object" || item === null)
      throw new WireFormatError(`\`results[${i}]\` is not an object`);
    const record = item as Record<string, unknown>;
    if (typeof record.url !== "string" || record.url === "") {
      throw new WireFormatError(`\`results[${i}].url\` is not a non-empty string`);
    }
    const displayLink = cleanText(record.display_link) || hostOf(record.url);
    const result: SearchResult = {
      title: cleanText(record.title) || record.url,
      url: record.url,
      snippet: cleanText(record.snippet),
    };
    return displayLink ? { ...result, displayLink } : result;
  });
}

/** False when a proxy error body says `"retryable": false` (the proxy already retried upstream). */
export function proxyErrorIsRetryable(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return !(
      typeof value === "object" &&
      value !== null &&
      (value as { retryable?: unknown }).retryable === false
    );
  } catch {
    return true;
  }
}
