import type { SearchProvider } from "../providers/search-provider.js";
import { LoomWebSearch } from "./loom-web-search.js";

/** Options of the Loom-shaped web-search tools. */
export interface LoomWebSearchToolsOptions {
  /** Usually `proxyProvider({ baseUrl, token, backend })`: Loom searches through its server's proxy. */
  provider: SearchProvider;
}

/**
 * The Loom-shaped web-search tools: `[web_search]`.
 *
 * @example createLoomTools({ provider: proxyProvider({ baseUrl, token, backend: "cse" }) })
 */
export function createLoomTools({ provider }: LoomWebSearchToolsOptions): [LoomWebSearch] {
  return [new LoomWebSearch({ provider })];
}
