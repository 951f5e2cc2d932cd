/**
 * A host as compared against `allowHosts` and `allowHttp`: lowercase, no
 * trailing dot, IPv6 without brackets, IP literals in the canonical form the
 * WHATWG URL parser gives (so `0x7f.1` and `127.0.0.1` are the same host).
 * Undefined when the text is not a bare host (a port, a path or a scheme).
 */
export function normalizeHost(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || /[/?#@\s]/.test(trimmed)) return undefined;
  const bare = trimmed.startsWith("[") ? trimmed : trimmed.includes(":") ? `[${trimmed}]` : trimmed;
  let url: URL;
  try {
    url = new URL(`http://${bare}/`);
  } catch {
    return undefined;
  }
  if (url.port !== "" || url.username !== "" || url.password !== "") return undefined;
  return hostOf(url);
}

/** The host of a parsed URL in the form `normalizeHost` gives. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
