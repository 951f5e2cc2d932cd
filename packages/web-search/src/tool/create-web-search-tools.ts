import { WebSearch, type WebSearchOptions } from "./web-search.js";

/**
 * The web-search family: `[WebSearch]`, ready to register.
 *
 * @example registry.register(...createWebSearchTools({ provider: new Serper({ apiKey }) }))
 */
export function createWebSearchTools(options: WebSearchOptions): [WebSearch] {
  return [new WebSearch(options)];
}
