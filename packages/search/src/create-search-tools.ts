import { CodeSearch, type CodeSearchOptions } from "./code-search/code-search-tool.js";
import { Glob, type GlobOptions } from "./glob/glob-tool.js";
import { Grep, type GrepOptions } from "./grep/grep-tool.js";
import { Tree, type TreeOptions } from "./tree/tree-tool.js";

/** Options for `createSearchTools`: shared ones apply to every tool; each tool's own block adds to them. */
export interface SearchToolsOptions extends CodeSearchOptions {
  glob?: Omit<GlobOptions, "workspace" | "source">;
  grep?: Omit<GrepOptions, "workspace" | "source">;
  tree?: Omit<TreeOptions, "workspace" | "source">;
}

/** The search family, in this order: Glob, Grep, CodeSearch, Tree. */
export type SearchTools = [Glob, Grep, CodeSearch, Tree];

/**
 * Creates Glob, Grep, CodeSearch and Tree sharing one workspace, filesystem
 * source and engine settings. Nothing is registered implicitly.
 *
 * @example
 * const [glob, grep] = createSearchTools({ grep: { engine: "js" } });
 * for (const tool of createSearchTools()) registry.register(tool);
 */
export function createSearchTools(options: SearchToolsOptions = {}): SearchTools {
  const { glob: globOptions, grep: grepOptions, tree: treeOptions, ...shared } = options;
  return [
    new Glob({ ...shared, ...globOptions }),
    new Grep({ ...shared, ...grepOptions }),
    new CodeSearch(shared),
    new Tree({ ...shared, ...treeOptions }),
  ];
}
