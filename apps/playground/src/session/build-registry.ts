import { Think, Todo, type Tool } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { ToolRegistry } from "@toolkit/registry";
import { createSearchTools } from "@toolkit/search";
import { createShellTools } from "@toolkit/shell";
import { createWebFetchTools, type WebFetchOptions } from "@toolkit/web-fetch";
import { createWebSearchTools, type SearchProvider } from "@toolkit/web-search";

/**
 * Every family in one registry, rooted at the session's `cwd` (the tools'
 * default workspace): files, search, shell, web search, web fetch, Think and
 * Todo, plus any `extra` tools (SearchMemories with `--memory`).
 */
export function buildRegistry({
  searchProvider,
  webFetch = {},
  extra = [],
}: {
  searchProvider: SearchProvider;
  /** WebFetch's seams: the playground points them at a local stand-in site. */
  webFetch?: WebFetchOptions;
  extra?: readonly Tool[];
}): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of [
    ...createFsTools(),
    ...createSearchTools(),
    ...createShellTools(),
    ...createWebSearchTools({ provider: searchProvider }),
    ...createWebFetchTools(webFetch),
    new Think(),
    new Todo(),
    ...extra,
  ]) {
    registry.register(tool);
  }
  return registry;
}
