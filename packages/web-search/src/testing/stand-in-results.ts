import type { StandInResult } from "./stand-in-types.js";

const HOSTS = ["docs.example.com", "blog.example.org", "forum.example.net"] as const;

/** Ten deterministic results for a query (its `site:` operators ignored), spread over three example hosts. */
export function cannedResults(rawQuery: string): StandInResult[] {
  const query = plainQuery(rawQuery);
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "query";
  return Array.from({ length: 10 }, (_, i) => {
    const host = HOSTS[i % HOSTS.length] ?? HOSTS[0];
    return {
      title: `${query} - result ${i + 1}`,
      url: `https://${host}/${slug}/${i + 1}`,
      snippet: `Stand-in result ${i + 1} for "${query}" from ${host}.`,
      displayLink: host,
    };
  });
}

/**
 * Applies the `site:` and `-site:` operators of a query the way Google does
 * (a host matches a site and its subdomains), then keeps `count` results.
 */
export function selectResults(
  results: readonly StandInResult[],
  query: string,
  count: number,
): StandInResult[] {
  const tokens = query.split(/\s+/);
  const allowed = tokens.filter((t) => /^site:/i.test(t)).map((t) => t.slice(5).toLowerCase());
  const blocked = tokens.filter((t) => /^-site:/i.test(t)).map((t) => t.slice(6).toLowerCase());
  return results
    .filter((r) => {
      const host = hostOf(r.url);
      const matches = (site: string): boolean => host === site || host.endsWith(`.${site}`);
      return (allowed.length === 0 || allowed.some(matches)) && !blocked.some(matches);
    })
    .slice(0, count);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/** The query with its `site:` operators and `OR` removed, for result titles. */
export function plainQuery(query: string): string {
  return query
    .split(/\s+/)
    .filter((t) => !/^-?site:/i.test(t) && t !== "OR")
    .join(" ");
}
