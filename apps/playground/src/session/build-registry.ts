import { Think } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { ToolRegistry } from "@toolkit/registry";
import { createSearchTools } from "@toolkit/search";
import { createShellTools } from "@toolkit/shell";
import { createWebSearchTools, type SearchProvider } from "@toolkit/web-search";

/**
 * Every family in one registry, rooted at the session's `cwd` (the tools'
 * default workspace): files, search, shell, web search and Think.
 */
export function buildRegistry({ searchProvider }: { searchProvider: SearchProvider }): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of [
    ...createFsTools(),
    ...createSearchTools(),
    ...createShellTools(),
    ...createWebSearchTools({ provider: searchProvider }),
    new Think(),
  ]) {
    registry.register(tool);
  }
  return registry;
}
