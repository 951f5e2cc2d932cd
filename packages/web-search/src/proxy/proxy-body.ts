import { MAX_RESULTS } from "../providers/search-provider.js";

/** A validated proxy request. */
export interface ProxySearch {
  /** The query, trimmed, whitespace runs collapsed to one space. */
  query: string;
  /** 1 to 10; 5 when the body has no `max_results`. */
  maxResults: number;
}

/** The outcome of reading a proxy body: the search, or the reason it is refused (for a 400). */
export type ProxyBodyResult = { ok: true; value: ProxySearch } | { ok: false; reason: string };

/** Results returned when the body has no `max_results`. */
export const DEFAULT_MAX_RESULTS = 5;
const FIELDS = ["query", "max_results"];

/**
 * Validates a `POST /proxy/<backend>` body: a JSON object with a non-empty
 * string `query` (at most `maxQueryChars` characters after trimming) and an
 * optional integer `max_results` from 1 to 10, and nothing else. Pure.
 */
export function parseProxyBody(
  text: string,
  { maxQueryChars = 2048 }: { maxQueryChars?: number } = {},
): ProxyBodyResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail(
      `the body must be JSON like {"query": "...", "max_results": 5}; got ${text.trim() ? "text that is not JSON" : "an empty body"}`,
    );
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail(
      `the body must be a JSON object, got ${Array.isArray(body) ? "an array" : body === null ? "null" : typeof body}`,
    );
  }
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).find((k) => !FIELDS.includes(k));
  if (extra !== undefined) return fail(`unexpected field \`${extra}\` (allowed: ${FIELDS.join(", ")})`);
  const { query, max_results: max = DEFAULT_MAX_RESULTS } = record;
  if (query === undefined) return fail("missing required field `query` (expected a non-empty string)");
  if (typeof query !== "string") return fail(`\`query\` must be a non-empty string, got ${shown(query)}`);
  const normalized = query.replace(/\s+/g, " ").trim();
  if (normalized === "") return fail("`query` must not be empty or only whitespace");
  if (normalized.length > maxQueryChars) {
    return fail(`\`query\` has ${normalized.length} characters; the limit is ${maxQueryChars}`);
  }
  if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > MAX_RESULTS) {
    return fail(`\`max_results\` must be an integer from 1 to ${MAX_RESULTS}, got ${shown(max)}`);
  }
  return { ok: true, value: { query: normalized, maxResults: max } };
}

function fail(reason: string): ProxyBodyResult {
  return { ok: false, reason };
}

function shown(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} (${text.length > 40 ? `${text.slice(0, 37)}...` : text})`;
}
