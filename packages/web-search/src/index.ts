// Public API of @toolkit/web-search: see README.md.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export type { SearchProvider, SearchRequest, SearchResult } from "./providers/search-provider.js";
export { MAX_RESULTS } from "./providers/search-provider.js";
export { SearchError } from "./errors/search-error.js";
export type { SearchErrorFields, SearchErrorKind } from "./errors/search-error.js";
export { SearchConfigError } from "./errors/config-error.js";
export type { SearchConfigErrorFields } from "./errors/config-error.js";
export { DEFAULT_SEARCH_RETRY } from "./retry/retry-options.js";
export type { ResolvedRetry, SearchRetryOptions } from "./retry/retry-options.js";
export { DEFAULT_TIMEOUT_MS } from "./http/transport-options.js";
export { MAX_RESPONSE_BYTES } from "./http/send-attempt.js";
export type { RetryEvent, TransportOptions } from "./http/transport-options.js";
export { GoogleCse } from "./providers/google-cse.js";
export type { GoogleCseOptions } from "./providers/google-cse.js";
export { Serper } from "./providers/serper.js";
export type { SerperOptions } from "./providers/serper.js";
export { PROXY_BACKENDS, proxyProvider } from "./providers/proxy-provider.js";
export type { ProxyBackend, ProxyProviderOptions } from "./providers/proxy-provider.js";
export type { ProxyRequestBody, ProxyResponseBody, ProxyResultItem } from "./providers/proxy-wire.js";
export { WebSearch } from "./tool/web-search.js";
export type { WebSearchOptions } from "./tool/web-search.js";
export { createWebSearchTools } from "./tool/create-web-search-tools.js";
export { WEB_SEARCH_SCHEMA } from "./tool/web-search-input.js";
export { searchFailure } from "./tool/search-failure.js";
// Deprecated: the proxy server lives on @toolkit/web-search/proxy.
export {
  createSearchProxy,
  PROXY_ENV,
  proxyConfigFromEnv,
  runSearchProxyCli,
  startSearchProxy,
} from "./proxy/deprecated-root-exports.js";
export type {
  ProxyConfig,
  RateLimit,
  RunningSearchProxy,
  SearchProxyCliOptions,
  SearchProxyHandler,
  SearchProxyOptions,
  StartSearchProxyOptions,
} from "./proxy/deprecated-root-exports.js";
// Deprecated: renamed, or internal (the retry helpers live in @toolkit/internal). Removed in 0.3.
export { redactSecrets } from "./errors/redact.js";
export {
  filterByDomains,
  formatResults,
  hostMatches,
  normalizeDomain,
  siteOperators,
} from "./tool/deprecated-root-exports.js";
export type { DomainFilters } from "./tool/deprecated-root-exports.js";
export { backoffDelayMs, DEFAULT_RETRY, parseRetryAfterMs } from "./retry/deprecated-root-exports.js";
export type { RetryOptions } from "./retry/deprecated-root-exports.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
