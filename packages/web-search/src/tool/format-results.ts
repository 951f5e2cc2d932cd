import type { SearchResult } from "../providers/search-provider.js";
import type { DomainFilters } from "./domain-filter.js";

/** What the reply text is made of. */
export interface FormatInput extends DomainFilters {
  query: string;
  results: readonly SearchResult[];
  /** Results the domain filters removed. */
  removed: number;
}

/**
 * The model-facing reply: a count line, then each result numbered from 1 with
 * its title, URL and snippet on their own lines. Pure.
 *
 * @example
 * 2 results for "vitest":
 *
 * 1. Vitest
 *    https://vitest.dev/
 *    Next generation testing framework.
 */
export function formatResults({ query, results, removed, allowed, blocked }: FormatInput): string {
  const quoted = JSON.stringify(query);
  if (results.length === 0) {
    const filters = describeFilters({ allowed, blocked });
    const tail = filters ? ` (${filters})` : "";
    return `No results for ${quoted}${tail}.\nTry different or fewer keywords${filters ? ", or relax the domain filters" : ""}.`;
  }
  const header = `${results.length} ${results.length === 1 ? "result" : "results"} for ${quoted}:`;
  const blocks = results.map((r, i) => {
    const lines = [`${i + 1}. ${r.title}`, `   ${r.url}`];
    if (r.snippet) lines.push(`   ${r.snippet}`);
    return lines.join("\n");
  });
  const note =
    removed > 0
      ? [`(${removed} more ${removed === 1 ? "result was" : "results were"} left out by the domain filters.)`]
      : [];
  return [header, ...blocks, ...note].join("\n\n");
}

function describeFilters({ allowed, blocked }: DomainFilters): string {
  const parts: string[] = [];
  if (allowed.length) parts.push(`allowed_domains: ${allowed.join(", ")}`);
  if (blocked.length) parts.push(`blocked_domains: ${blocked.join(", ")}`);
  return parts.join("; ");
}
