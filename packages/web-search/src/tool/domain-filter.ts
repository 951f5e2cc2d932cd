import type { SearchResult } from "../providers/search-provider.js";

const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A domain filter entry in canonical form: lower case, no scheme, path,
 * port, leading `*.`/`.` or trailing dot (`"https://Docs.Python.org/3/"` →
 * `"docs.python.org"`). Undefined when the entry is not a domain.
 */
export function normalizeDomain(entry: string): string | undefined {
  let text = entry.trim().toLowerCase();
  if (text.includes("://")) {
    try {
      text = new URL(text).hostname;
    } catch {
      return undefined;
    }
  }
  text = text.replace(/^\*\./, "").replace(/^\./, "").replace(/\.$/, "");
  return DOMAIN.test(text) ? text : undefined;
}

/** True when a host is the domain or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

/** Domain filters, already normalised. */
export interface DomainFilters {
  allowed: readonly string[];
  blocked: readonly string[];
}

/**
 * Keeps the results whose host matches an allowed domain (when any are
 * given) and no blocked domain. A result whose URL does not parse matches
 * no domain. Pure; says how many were removed.
 */
export function filterByDomains(
  results: readonly SearchResult[],
  { allowed, blocked }: DomainFilters,
): { kept: SearchResult[]; removed: number } {
  const kept = results.filter((result) => {
    const host = hostOf(result.url);
    if (allowed.length > 0 && (host === undefined || !allowed.some((d) => hostMatches(host, d))))
      return false;
    return host === undefined || !blocked.some((d) => hostMatches(host, d));
  });
  return { kept, removed: results.length - kept.length };
}

/** The search-engine operators for the filters: `site:a OR site:b -site:c` (empty without filters). */
export function siteOperators({ allowed, blocked }: DomainFilters): string {
  const parts = [allowed.map((d) => `site:${d}`).join(" OR "), ...blocked.map((d) => `-site:${d}`)];
  return parts.filter(Boolean).join(" ");
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
