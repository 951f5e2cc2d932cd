/**
 * Host names on a network allow-list: an exact name (`registry.npmjs.org`),
 * or `*.` and a suffix (`*.github.com`) for every name strictly below it
 * (`api.github.com`, `a.b.github.com`; not `github.com` itself). Names are
 * compared in lower case without a trailing dot; an IP literal matches only
 * itself.
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The canonical form of a host name: lower case, no trailing dot, IPv6 without brackets. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

/**
 * Checks one allow-list entry; returns a reason when it is not a host name,
 * an IP literal or `*.` followed by a host name, else undefined.
 */
export function hostPatternProblem(pattern: string): string | undefined {
  if (typeof pattern !== "string") return `expected a string, got ${typeof pattern}`;
  const p = normalizeHost(pattern);
  if (p.includes(":") && /^[0-9a-f:.]+$/.test(p)) return undefined; // IPv6 literal
  const name = p.startsWith("*.") ? p.slice(2) : p;
  if (name === "" || name.includes("*")) {
    return `"${pattern}" is not a host name; use "example.com" or "*.example.com"`;
  }
  if (!name.split(".").every((label) => LABEL.test(label))) {
    return `"${pattern}" is not a host name (letters, digits and "-" between dots)`;
  }
  return undefined;
}

/** True when `host` is allowed by `pattern` (see the module comment). */
export function matchesHostPattern(pattern: string, host: string): boolean {
  const p = normalizeHost(pattern);
  const h = normalizeHost(host);
  if (h === "") return false;
  if (p.startsWith("*.")) {
    const suffix = p.slice(1); // ".github.com"
    return h.length > suffix.length && h.endsWith(suffix);
  }
  return p === h;
}

/** True when some pattern of `allow` allows `host`. */
export function hostAllowed(allow: readonly string[], host: string): boolean {
  return allow.some((pattern) => matchesHostPattern(pattern, host));
}
