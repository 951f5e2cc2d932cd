import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Mozilla Readability's test pages (`shared/fixtures/readability-pages/pages`)
 * beside the repository, or beside the checkout holding this worktree;
 * undefined when they are not there.
 */
export function readabilityFixtures(): string | undefined {
  let dir = join(import.meta.dirname, "..", "..", "..", "..");
  for (let up = 0; up < 3; up++, dir = dirname(dir)) {
    const pages = join(dir, "..", "shared", "fixtures", "readability-pages", "pages");
    if (existsSync(pages)) return pages;
  }
  return undefined;
}
