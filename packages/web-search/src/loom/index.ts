// @toolkit/web-search/loom: web_search with Loom's fields and reply.
export { createLoomTools } from "./create-loom-tools.js";
export type { LoomWebSearchToolsOptions } from "./create-loom-tools.js";
export { LoomWebSearch } from "./loom-web-search.js";
