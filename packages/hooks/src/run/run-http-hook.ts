import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";

/** Which addresses an http hook may reach. */
export interface HttpHookNetwork {
  /** Hosts (names or IPs, no port) the SSRF guard lets through, e.g. a local hook server. @default [] */
  readonly allowHosts?: readonly string[];
  /** Lifts the guard for every host. @default false */
  readonly allowPrivateNetwork?: boolean;
}

/** How an http hook's request ended. */
export interface HttpOutcome {
  /** The response status; undefined when no response came. */
  readonly status: number | undefined;
  readonly body: string;
  /** Set when there was no usable response: refused by the guard, timed out, cancelled, a network error. */
  readonly failure: string | undefined;
}

/** Options for `runHttpHook`. */
export interface RunHttpHookOptions extends HttpHookNetwork {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON sent as the request body. */
  readonly body: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Most response bytes kept. @default 1 MiB */
  readonly maxBytes?: number;
  /** The resolver (tests give a pretend network). @default dns.promises.lookup */
  readonly resolve?: (host: string) => Promise<readonly { address: string; family: number }[]>;
}

/**
 * POSTs the event's JSON to the hook's URL behind web-fetch's SSRF guard:
 * the host is resolved once, every address it resolves to must be public
 * (`refusedReason`), and the connection goes to the checked address (no
 * second lookup, so no DNS rebinding). Redirects are not followed. Never
 * rejects.
 */
export async function runHttpHook(options: RunHttpHookOptions): Promise<HttpOutcome> {
  const { url: raw, headers, body, timeoutMs, signal, maxBytes = 1 << 20 } = options;
  const fail = (failure: string): HttpOutcome => ({ status: undefined, body: "", failure });
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  let address: { address: string; family: number };
  try {
    address = await checkedAddress(host, options);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const joined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const pinned: LookupFunction = (_name, opts, callback) => {
    if (typeof opts === "object" && opts?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        lookup: pinned,
        signal: joined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString("utf8"),
            failure: undefined,
          }),
        );
        res.on("error", (error) => resolve(fail(reason(error, timeout, timeoutMs))));
      },
    );
    req.on("error", (error) => resolve(fail(reason(error, timeout, timeoutMs))));
    req.end(body);
  });
}

async function checkedAddress(
  host: string,
  { allowHosts = [], allowPrivateNetwork = false, resolve }: RunHttpHookOptions,
): Promise<{ address: string; family: number }> {
  const open = allowPrivateNetwork || allowHosts.some((h) => h.toLowerCase() === host);
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await (resolve ?? ((h: string) => dnsLookup(h, { all: true })))(host);
  const first = addresses[0];
  if (!first) throw new Error(`${host} did not resolve`);
  if (open) return first;
  // Loaded on first use: an http hook is the only thing here that needs web-fetch.
  const { refusedReason } = await import("@toolkit/web-fetch");
  for (const { address } of addresses) {
    const why = refusedReason(address);
    if (why) {
      throw new Error(
        `the SSRF guard refused ${host} (${address} is ${why}); list the host in \`http.allowHosts\` to allow it`,
      );
    }
  }
  return first;
}

function reason(error: Error, timeout: AbortSignal, timeoutMs: number): string {
  if (timeout.aborted) return `timed out after ${timeoutMs / 1000}s`;
  if (error.name === "AbortError") return "cancelled";
  return `request failed: ${error.message}`;
}
