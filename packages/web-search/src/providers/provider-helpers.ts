import { redactValues } from "../errors/redact.js";
import { SearchError } from "../errors/search-error.js";
import { MAX_RESULTS } from "./search-provider.js";

/** A result count for the wire: an integer from 1 to 10, whatever the caller asked. */
export function clampCount(count: number): number {
  if (!Number.isFinite(count)) return MAX_RESULTS;
  return Math.min(MAX_RESULTS, Math.max(1, Math.floor(count)));
}

/** A 2xx body of the wrong shape, as a SearchError of kind `response`. */
export function responseError({
  provider,
  error,
  secrets,
  attempts,
}: {
  provider: string;
  error: unknown;
  secrets: readonly string[];
  attempts: number;
}): SearchError {
  const reason = redactValues(error instanceof Error ? error.message : String(error), secrets);
  return new SearchError({ kind: "response", provider, reason, attempts, cause: error });
}
