import type { PageCacheOptions } from "../cache/page-cache.js";
import { normalizeHost } from "../guard/host-name.js";
import { type LookupFunction, systemLookup } from "../guard/lookup.js";
import { type Connector, connectPinned } from "../http/connect.js";
import { WebFetchConfigError } from "./config-error.js";

/** Options of the WebFetch tool. */
export interface WebFetchOptions {
  /**
   * Plain `http:` allowed: `true` for every host, or a list of hosts. Other
   * `http:` URLs (and redirects) are upgraded to `https:` before connecting.
   * @default false
   */
  allowHttp?: boolean | readonly string[];
  /** Lifts the SSRF guard everywhere: loopback, private, link-local and other internal addresses may be fetched. @default false */
  allowPrivateNetwork?: boolean;
  /** Hosts (names or IP addresses) the SSRF guard lets through, e.g. `["intranet.example", "10.1.2.3"]`. @default [] */
  allowHosts?: readonly string[];
  /** Resolves host names, with the signature of `dns.promises.lookup(host, { all: true })`. @default the system resolver */
  lookup?: LookupFunction;
  /**
   * Opens the connection of one request to the address the guard checked (the
   * dispatcher seam: a proxy, a test network). @default a direct TCP/TLS connection to that address
   */
  connect?: Connector;
  /** The User-Agent header. @default "Toolkit-WebFetch/0.1 (+https://github.com/toolkit-dev/toolkit)" */
  userAgent?: string;
  /** Extra request headers (Host cannot be set). */
  headers?: Readonly<Record<string, string>>;
  /** The page cache: `false` for none. @default 15 minutes, 100 pages, 50 MiB */
  cache?: false | PageCacheOptions;
  /** The time cap for one fetch (lookups, redirects and body). @default 30000 */
  timeoutMs?: number;
  /** The download cap; a longer body is cut there, with a note. @default 10485760 (10 MiB) */
  maxBytes?: number;
  /** The largest image returned as an image part. @default 5242880 (5 MiB) */
  maxImageBytes?: number;
  /** Same-host redirects followed at most. @default 5 */
  maxRedirects?: number;
  /** Characters per page when the call has no `max_chars`. @default 20000 */
  defaultMaxChars?: number;
  /**
   * The time budget of one conversion (HTML to Markdown, PDF to text), which
   * runs in a worker thread. Past it the worker is stopped and the reply
   * carries what was converted so far, marked as cut. @default 10000
   */
  conversionTimeoutMs?: number;
  /** The conversion worker's heap cap in MiB (`resourceLimits`); past it, as past the time budget. @default 512 */
  conversionMemoryMb?: number;
  /** PDF pages read at most; later pages are never parsed. @default 100 */
  maxPages?: number;
}

/** Options with every default applied and every field checked. */
export interface ResolvedWebFetchOptions {
  readonly allowHttp: true | ReadonlySet<string>;
  readonly allowPrivateNetwork: boolean;
  readonly allowHosts: ReadonlySet<string>;
  readonly lookup: LookupFunction;
  readonly connect: Connector;
  readonly headers: Readonly<Record<string, string>>;
  readonly cache: false | PageCacheOptions;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxImageBytes: number;
  readonly maxRedirects: number;
  readonly defaultMaxChars: number;
  readonly conversionTimeoutMs: number;
  readonly conversionMemoryMb: number;
  readonly maxPages: number;
}

/** The User-Agent sent by default. */
export const DEFAULT_USER_AGENT = "Toolkit-WebFetch/0.1 (+https://github.com/toolkit-dev/toolkit)";

/** The largest `max_chars` a call may ask for. */
export const MAX_CHARS_LIMIT = 100_000;

function positiveInteger(field: string, value: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new WebFetchConfigError(field, `an integer from 1 to ${max}`, value);
  }
  return value;
}

/** The smallest heap a conversion worker can start with. */
const MIN_CONVERSION_MEMORY_MB = 16;

function atLeast(field: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new WebFetchConfigError(field, `an integer of at least ${min}`, value);
  }
  return value;
}

function hostList(field: string, value: unknown): Set<string> {
  if (!Array.isArray(value))
    throw new WebFetchConfigError(field, "an array of host names or IP addresses", value);
  return new Set(
    value.map((entry: unknown, i) => {
      const host = typeof entry === "string" ? normalizeHost(entry) : undefined;
      if (host === undefined) {
        throw new WebFetchConfigError(
          `${field}[${i}]`,
          'a host name or IP address without scheme or port, e.g. "intranet.example"',
          entry,
        );
      }
      return host;
    }),
  );
}

function isFunction(field: string, value: unknown): void {
  if (typeof value !== "function") throw new WebFetchConfigError(field, "a function", value);
}

/** Checks WebFetch options once; throws a WebFetchConfigError naming the field. */
export function resolveWebFetchOptions(options: WebFetchOptions = {}): ResolvedWebFetchOptions {
  const {
    allowHttp = false,
    allowPrivateNetwork = false,
    allowHosts = [],
    lookup = systemLookup,
    connect = connectPinned,
    userAgent = DEFAULT_USER_AGENT,
    headers = {},
    cache = {},
    timeoutMs = 30_000,
    maxBytes = 10 * 1024 * 1024,
    maxImageBytes = 5 * 1024 * 1024,
    maxRedirects = 5,
    defaultMaxChars = 20_000,
    conversionTimeoutMs = 10_000,
    conversionMemoryMb = 512,
    maxPages = 100,
  } = options;
  if (typeof allowHttp !== "boolean" && !Array.isArray(allowHttp)) {
    throw new WebFetchConfigError("allowHttp", "true, false or an array of hosts", allowHttp);
  }
  if (typeof allowPrivateNetwork !== "boolean") {
    throw new WebFetchConfigError("allowPrivateNetwork", "a boolean", allowPrivateNetwork);
  }
  isFunction("lookup", lookup);
  isFunction("connect", connect);
  if (typeof userAgent !== "string" || userAgent.trim() === "" || /[\r\n]/.test(userAgent)) {
    throw new WebFetchConfigError("userAgent", "a non-empty string on one line", userAgent);
  }
  if (cache !== false && (typeof cache !== "object" || cache === null)) {
    throw new WebFetchConfigError("cache", "false or an object of cache limits", cache);
  }
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0 || maxRedirects > 20) {
    throw new WebFetchConfigError("maxRedirects", "an integer from 0 to 20", maxRedirects);
  }
  return {
    allowHttp: allowHttp === true ? true : hostList("allowHttp", allowHttp === false ? [] : allowHttp),
    allowPrivateNetwork,
    allowHosts: hostList("allowHosts", allowHosts),
    lookup,
    connect,
    headers: requestHeaders(headers, userAgent),
    cache,
    timeoutMs: positiveInteger("timeoutMs", timeoutMs),
    maxBytes: positiveInteger("maxBytes", maxBytes),
    maxImageBytes: positiveInteger("maxImageBytes", maxImageBytes),
    maxRedirects,
    defaultMaxChars: positiveInteger("defaultMaxChars", defaultMaxChars, MAX_CHARS_LIMIT),
    conversionTimeoutMs: positiveInteger("conversionTimeoutMs", conversionTimeoutMs),
    conversionMemoryMb: atLeast("conversionMemoryMb", conversionMemoryMb, MIN_CONVERSION_MEMORY_MB),
    maxPages: positiveInteger("maxPages", maxPages),
  };
}

/** The headers of every request: ours, then the caller's (Host and encodings are ours alone). */
function requestHeaders(headers: unknown, userAgent: string): Record<string, string> {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw new WebFetchConfigError("headers", "an object of header names to strings", headers);
  }
  const out: Record<string, string> = {
    "user-agent": userAgent,
    accept:
      "text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.9,application/json;q=0.9,application/pdf;q=0.8,*/*;q=0.5",
    "accept-language": "en;q=0.9,*;q=0.5",
  };
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (typeof value !== "string" || /[\r\n]/.test(value) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) {
      throw new WebFetchConfigError(`headers.${name}`, "a header name with a one-line string value", value);
    }
    if (lower === "host" || lower === "accept-encoding" || lower === "content-length") {
      throw new WebFetchConfigError(
        `headers.${name}`,
        "a header other than Host, Accept-Encoding and Content-Length",
        value,
      );
    }
    out[lower] = value;
  }
  out["accept-encoding"] = "gzip, deflate, br";
  return out;
}
