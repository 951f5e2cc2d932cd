// Public API of @toolkit/web-fetch: see README.md.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export { WebFetch } from "./tool/web-fetch.js";
export { createWebFetchTools } from "./tool/create-web-fetch-tools.js";
export { DEFAULT_USER_AGENT, MAX_CHARS_LIMIT } from "./tool/web-fetch-options.js";
export type { WebFetchOptions } from "./tool/web-fetch-options.js";
export { WEB_FETCH_SCHEMA } from "./tool/web-fetch-input.js";
export { WebFetchConfigError } from "./tool/config-error.js";
export type { PageCacheOptions } from "./cache/page-cache.js";
export type { LookupAddress, LookupFunction } from "./guard/lookup.js";
export { refusedReason } from "./guard/refused-ranges.js";
export type { ConnectTarget, Connector } from "./http/connect.js";
export { htmlToMarkdown } from "./convert/html-to-markdown.js";
export type { HtmlToMarkdownOptions, MarkdownPage } from "./convert/html-to-markdown.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
