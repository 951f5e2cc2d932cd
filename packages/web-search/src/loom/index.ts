// @toolkit/web-search/loom: web_search with Loom's fields and reply.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "../validators/compiled.js";
export { createLoomTools } from "./create-loom-tools.js";
export type { LoomWebSearchToolsOptions } from "./create-loom-tools.js";
export { LoomWebSearch } from "./loom-web-search.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
