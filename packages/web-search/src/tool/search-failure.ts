import { ToolError } from "@toolkit/core";
import { SearchError } from "../errors/search-error.js";

const CREDENTIALS =
  "The search service rejected its credentials; tell the user that web search is misconfigured, and continue without web results.";
const UNAVAILABLE =
  "The search service is unavailable or busy; wait before searching again, or continue without web results.";
const REFUSED =
  "The search service refused this query; rephrase it with plain keywords and search again, or continue without web results.";

/**
 * Turns a provider failure into the soft error the model sees. Anything that
 * is not a SearchError is returned unchanged (dispatch reports it as a throw).
 */
export function searchFailure(error: unknown): unknown {
  if (!SearchError.is(error)) return error;
  const options = { cause: error };
  switch (error.kind) {
    case "cancelled":
      return ToolError.cancelled(options);
    case "timeout": {
      const seconds = (error.timeoutMs ?? 0) / 1000;
      const tries = error.attempts === 1 ? "" : ` on any of ${error.attempts} attempts`;
      return ToolError.timeout(seconds, {
        ...options,
        advice: `${error.provider} did not answer within ${seconds}s${tries}; try again later, or continue without web results.`,
      });
    }
    case "http": {
      const status = error.status ?? 0;
      const advice =
        status === 401 || status === 403
          ? CREDENTIALS
          : status === 429 || status >= 500
            ? UNAVAILABLE
            : REFUSED;
      return ToolError.execution(`web search failed: ${error.message}`, { ...options, advice });
    }
    default:
      return ToolError.execution(`web search failed: ${error.message}`, { ...options, advice: UNAVAILABLE });
  }
}
