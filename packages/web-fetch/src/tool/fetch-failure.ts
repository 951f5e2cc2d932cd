import { ToolError } from "@toolkit/core";
import { FetchError } from "../http/fetch-error.js";

const BLOCKED =
  "Do not retry this URL: WebFetch does not reach internal network addresses unless the user configures `allowPrivateNetwork` or `allowHosts`.";

function httpAdvice(status: number): string {
  if (status === 404 || status === 410)
    return "Check the URL (search for the page again if needed) rather than retrying it unchanged.";
  if (status === 401 || status === 403 || status === 451)
    return "The site refused access; try another source for this information.";
  if (status === 429 || status >= 500)
    return "The site is busy or failing; try again later or use another source.";
  return "Check the URL, or try another source for this information.";
}

/**
 * The advice when an `http:` URL was upgraded to `https:` and the server did
 * not speak TLS: a local test server needs `allowHttp`, and the message says so.
 */
function upgradeAdvice(asked: URL): string {
  const host = asked.hostname.replace(/^\[|\]$/g, "");
  return `WebFetch upgraded ${asked.href} to https, and ${asked.host} does not answer with TLS. If it is a plain-HTTP server you trust (a local test server), create WebFetch with \`allowHttp: [${JSON.stringify(host)}]\` (or \`allowHttp: true\`).`;
}

/**
 * Turns a FetchError into the soft error the model sees; anything else is
 * returned unchanged. `upgraded` is the `http:` URL the call asked for, when
 * WebFetch upgraded it to `https:`.
 */
export function fetchFailure(
  error: unknown,
  { timeoutMs, upgraded }: { timeoutMs: number; upgraded?: URL | undefined },
): unknown {
  if (ToolError.is(error) || !FetchError.is(error)) return error;
  const options = { cause: error };
  if (upgraded !== undefined && (error.kind === "tls" || error.kind === "connect")) {
    return ToolError.execution(error.message, { ...options, advice: upgradeAdvice(upgraded) });
  }
  switch (error.kind) {
    case "url":
      return ToolError.invalidInput(error.message, options);
    case "blocked":
      return ToolError.permission(`${error.message}; WebFetch refuses it`, { ...options, advice: BLOCKED });
    case "dns":
      return ToolError.execution(error.message, {
        ...options,
        advice: "Check the host name for a typo; the name does not resolve from here.",
      });
    case "timeout":
      return ToolError.timeout(timeoutMs / 1000, {
        ...options,
        advice: `${error.message}; try again later, or use another source.`,
      });
    case "cancelled":
      return ToolError.cancelled(options);
    case "http":
      return ToolError.execution(error.message, { ...options, advice: httpAdvice(error.status ?? 0) });
    default:
      return ToolError.execution(error.message, {
        ...options,
        advice: "Try another URL or another source for this information.",
      });
  }
}
