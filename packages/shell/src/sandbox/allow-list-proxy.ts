import dns from "node:dns";
import { isIP } from "node:net";
import { RequestError, Server } from "proxy-chain";
import { hostAllowed, normalizeHost } from "./host-pattern.js";

/** How `net.connect` calls a custom lookup: with options, and `all: true` where it wants every address. */
export type ProxyLookupFunction = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | dns.LookupAddress[],
    family?: number,
  ) => void,
) => void;

/** Options for `startAllowListProxy`. */
export interface AllowListProxyOptions {
  /** Allowed host patterns (`example.com`, `*.example.com`). */
  allow: readonly string[];
  /** The Unix socket to listen on. */
  socketPath: string;
  /**
   * Resolves host names for outgoing connections (a seam for tests).
   * @default dns.lookup, refusing names that resolve to loopback, link-local or unspecified addresses
   */
  lookup?: ProxyLookupFunction;
}

/** A running allow-list proxy. */
export interface AllowListProxy {
  /** Hosts refused so far, in order, each once. */
  readonly refused: readonly string[];
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP proxy (plain requests and CONNECT tunnels, served by
 * `proxy-chain`) on a Unix socket. Every request names its target host; a
 * host that no pattern of `allow` matches gets `403` with a message saying
 * so, and is remembered in `refused`. Names are resolved by the host, never
 * inside the sandbox, and by default a name that resolves to a loopback,
 * link-local or unspecified address is refused (no DNS rebinding onto the
 * host's own services).
 */
export async function startAllowListProxy({
  allow,
  socketPath,
  lookup = guardedLookup,
}: AllowListProxyOptions): Promise<AllowListProxy> {
  const refused: string[] = [];
  const server = new Server({
    port: 0,
    prepareRequestFunction: ({ hostname }) => {
      const host = normalizeHost(hostname);
      if (!hostAllowed(allow, host)) {
        if (!refused.includes(host)) refused.push(host);
        throw new RequestError(
          `sandbox: "${host}" is not on the network allow-list (${allow.join(", ") || "empty"}); the request was refused`,
          403,
          { "X-Sandbox-Refused": host },
        );
      }
      // net.connect only ever calls it with options, the form ProxyLookupFunction describes.
      return { dnsLookup: lookup as typeof dns.lookup };
    },
  });
  // proxy-chain drops connections without a remote address, which Unix sockets never have.
  server.server.prependListener("connection", (socket: { remoteAddress?: string }) => {
    Object.defineProperty(socket, "remoteAddress", { value: "sandbox", configurable: true });
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.server.listen(socketPath, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  return {
    refused,
    close: () => server.close(true),
  };
}

/** dns.lookup, but names that resolve to the host's own or unroutable addresses fail with EACCES. */
export const guardedLookup: ProxyLookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const usable = addresses.filter((a) => !isPrivateToHost(a.address));
    if (usable.length === 0) {
      const refused: NodeJS.ErrnoException = new Error(
        `sandbox: ${hostname} resolves to an address of this machine (${addresses.map((a) => a.address).join(", ")}); refused`,
      );
      refused.code = "EACCES";
      return callback(refused, []);
    }
    if (options.all === true) return callback(null, usable);
    const first = usable[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

/** Loopback, unspecified and link-local addresses (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isPrivateToHost(address: string): boolean {
  let a = address.toLowerCase();
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  if (isIP(a) === 4) {
    const [first, second] = a.split(".").map(Number);
    return first === 127 || first === 0 || (first === 169 && second === 254);
  }
  return a === "::1" || a === "::" || /^fe[89ab]/.test(a);
}

/** @deprecated use ProxyLookupFunction; to be removed in 0.3 */
export type LookupFunction = ProxyLookupFunction;
