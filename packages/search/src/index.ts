// Public API of @toolkit/search: see README.md.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export { createSearchTools } from "./create-search-tools.js";
export type { SearchTools, SearchToolsOptions } from "./create-search-tools.js";
export { Glob } from "./glob/glob-tool.js";
export { listMatches, staticBase } from "./glob/list-matches.js";
export type { GlobInput, GlobOptions } from "./glob/glob-tool.js";
export { Grep } from "./grep/grep-tool.js";
export type { GrepOptions } from "./grep/grep-tool.js";
export type { GrepInput } from "./grep/grep-schema.js";
export type { EngineRequest, EngineResult, FileMatch, GrepEngine } from "./grep/engine.js";
export { RipgrepEngine } from "./grep/ripgrep-engine.js";
export { TRUSTED_DIRS, bundledRipgrep, findRipgrep } from "./grep/find-ripgrep.js";
export { FILE_TYPES } from "./grep/file-types.js";
export { JsEngine } from "./js-engine/js-engine.js";
export type { JsEngineOptions } from "./js-engine/js-engine.js";
export { translateRegex } from "./js-engine/translate-regex.js";
export type { TranslatedRegex } from "./js-engine/translate-regex.js";
export { CodeSearch } from "./code-search/code-search-tool.js";
export type { CodeSearchInput, CodeSearchOptions } from "./code-search/code-search-tool.js";
export { Tree } from "./tree/tree-tool.js";
export type { TreeInput, TreeOptions } from "./tree/tree-tool.js";
export { nodeSearchSource } from "./source/search-source.js";
export type { DirEntry, EntryKind, FileStat, SearchSource } from "./source/search-source.js";
export { walk } from "./walk/walker.js";
export type { WalkEntry, WalkOptions } from "./walk/walker.js";
export { isIgnored, ignoreLevel } from "./walk/ignore-rules.js";
export type { IgnoreKind, IgnoreLevel } from "./walk/ignore-rules.js";
export { SearchTool } from "./tool/search-tool.js";
export type { SearchToolOptions } from "./tool/options.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
