import type { IncomingHttpHeaders } from "node:http";
import { hostOf } from "../guard/host-name.js";
import { type GuardPolicy, checkTarget } from "../guard/ssrf-guard.js";
import type { Connector } from "./connect.js";
import { FetchError } from "./fetch-error.js";
import { requestOnce } from "./request-once.js";

/** How pages are fetched: the guard, the wire and the caps. */
export interface FetchPolicy {
  readonly guard: GuardPolicy;
  readonly connect: Connector;
  readonly headers: Readonly<Record<string, string>>;
  /** Hosts allowed plain HTTP (`true`: all). */
  readonly allowHttp: true | ReadonlySet<string>;
  readonly maxBytes: number;
  readonly maxRedirects: number;
}

/** A page read to its end or to the cap. */
export interface FetchedBody {
  readonly type: "body";
  /** The URL the body came from (after same-host redirects). */
  readonly url: URL;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly bytes: Buffer;
  readonly truncated: boolean;
}

/** A redirect to another host: reported, not followed. */
export interface CrossHostRedirect {
  readonly type: "redirect";
  readonly from: URL;
  readonly to: URL;
  readonly status: number;
  /** Why the guard would refuse the new URL, when it would. */
  readonly refused: string | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** `http:` becomes `https:` unless the policy allows plain HTTP for the host. */
export function upgradeUrl(url: URL, allowHttp: true | ReadonlySet<string>): URL {
  if (url.protocol !== "http:" || allowHttp === true || allowHttp.has(hostOf(url))) return url;
  const upgraded = new URL(url.href);
  upgraded.protocol = "https:";
  if (url.port === "80") upgraded.port = "";
  return upgraded;
}

/**
 * True when two URLs name the same host and port (a redirect between them is
 * followed); `http://x/` and `https://x/` are the same host on their default ports.
 */
export function sameHost(a: URL, b: URL): boolean {
  return hostOf(a) === hostOf(b) && a.port === b.port;
}

/**
 * GETs `url`, checking the target of every hop with the SSRF guard before
 * connecting. Redirects on the same host are followed (at most
 * `maxRedirects`); one to another host is returned, not followed. A status
 * other than 2xx is a FetchError naming it. `signal` aborts everything.
 */
export async function fetchPage(
  url: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<FetchedBody | CrossHostRedirect> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = await checkTarget(current, policy.guard);
    signal.throwIfAborted();
    const response = await requestOnce({
      url: current,
      target,
      headers: policy.headers,
      connect: policy.connect,
      signal,
    });
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.status) && typeof location === "string" && location !== "") {
      response.discard();
      const next = redirectTarget(current, location, policy);
      if (!sameHost(current, next)) {
        return {
          type: "redirect",
          from: current,
          to: next,
          status: response.status,
          refused: await refusal(next, policy),
        };
      }
      if (hop >= policy.maxRedirects) {
        throw new FetchError(
          "redirects",
          `${url.href} redirected more than ${policy.maxRedirects} times (last to ${next.href})`,
        );
      }
      current = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      response.discard();
      const reason = response.statusText ? ` ${response.statusText}` : "";
      throw new FetchError("http", `HTTP ${response.status}${reason} from ${current.href}`, {
        status: response.status,
      });
    }
    const body = await response.readBody(policy.maxBytes);
    return { type: "body", url: current, status: response.status, headers: response.headers, ...body };
  }
}

function redirectTarget(from: URL, location: string, policy: FetchPolicy): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchError(
      "url",
      `${from.href} redirected to ${JSON.stringify(location)}, which is not a valid URL`,
    );
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") {
    throw new FetchError(
      "url",
      `${from.href} redirected to a ${next.protocol} URL; only http and https are fetched`,
    );
  }
  next.hash = "";
  return upgradeUrl(next, policy.allowHttp);
}

/** Why the guard refuses a redirect target (resolving it, never connecting), or undefined. */
async function refusal(url: URL, policy: FetchPolicy): Promise<string | undefined> {
  try {
    await checkTarget(url, policy.guard);
    return undefined;
  } catch (error) {
    return FetchError.is(error) && error.kind === "blocked" ? error.message : undefined;
  }
}
