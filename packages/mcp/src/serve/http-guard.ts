import type { IncomingMessage } from "node:http";
import { bearerMatches } from "./bearer-token.js";

/** Who may talk to the endpoint. */
export interface HttpGuardOptions {
  /** Accepted `Host` values, compared exactly. */
  allowedHosts: readonly string[] | undefined;
  /** Accepted `Origin` values, compared exactly; a request without `Origin` is not a browser's and passes. */
  allowedOrigins: readonly string[];
  /** The bearer token, or undefined when authentication was switched off. */
  token: string | undefined;
}

/** Why a request is refused. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Checks a request before anything else sees it: exactly one `Host`, equal
 * to an allowed value (DNS rebinding); no `Origin` or an allowed one (a web
 * page's requests); then the bearer token. Returns the refusal, or undefined.
 */
export function checkRequest(req: IncomingMessage, options: HttpGuardOptions): Refusal | undefined {
  const hosts = rawValues(req, "host");
  if (options.allowedHosts) {
    const host = hosts[0];
    if (hosts.length !== 1 || host === undefined || !options.allowedHosts.includes(host)) {
      return { status: 403, message: `Invalid Host header: ${shown(hosts)}` };
    }
  }
  const origins = rawValues(req, "origin");
  if (origins.length > 0) {
    const origin = origins[0];
    if (origins.length !== 1 || origin === undefined || !options.allowedOrigins.includes(origin)) {
      return {
        status: 403,
        message: `Invalid Origin header: ${shown(origins)} (allow it with \`allowedOrigins\`)`,
      };
    }
  }
  if (options.token !== undefined) {
    const auth = rawValues(req, "authorization");
    if (auth.length !== 1 || !bearerMatches(auth[0], options.token)) {
      return {
        status: 401,
        message: "Unauthorized: send `Authorization: Bearer <token>`",
        headers: { "www-authenticate": 'Bearer realm="toolkit-mcp"' },
      };
    }
  }
  return undefined;
}

/** Every value of a header as received (Node joins or drops repeats in `req.headers`). */
function rawValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === name) values.push(req.rawHeaders[i + 1] ?? "");
  }
  return values;
}

function shown(values: readonly string[]): string {
  return values.length === 1 ? JSON.stringify(values[0]).slice(1, -1) : `${values.length} values`;
}
