import { type JsonSchema, ToolError, arrived } from "@toolkit/core";
import { MAX_RESULTS } from "../providers/search-provider.js";
import { type DomainFilters, normalizeDomain } from "./domain-filter.js";

/** The WebSearch input schema the model is shown. */
export const WEB_SEARCH_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "What to search for, as you would type it into a search engine." },
    max_results: {
      type: "integer",
      minimum: 1,
      maximum: MAX_RESULTS,
      description: `How many results to return, 1 to ${MAX_RESULTS}. Default 5.`,
    },
    allowed_domains: {
      type: "array",
      items: { type: "string" },
      maxItems: 20,
      description: 'Only return results from these domains (their subdomains included), e.g. ["nodejs.org"].',
    },
    blocked_domains: {
      type: "array",
      items: { type: "string" },
      maxItems: 20,
      description: "Never return results from these domains (their subdomains included).",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/** A validated WebSearch call. */
export interface WebSearchInput extends DomainFilters {
  query: string;
  maxResults: number;
}

/** WebSearch input as its schema accepts it. */
export interface RawWebSearchInput {
  query: string;
  max_results?: number;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

/**
 * WebSearch input that matches its schema, checked for the rules a schema
 * cannot say: a query that is not blank and not over `maxQueryChars`, and
 * domain entries that are domains (normalised), none both allowed and
 * blocked; `max_results` defaulted. Throws an InvalidInput ToolError naming
 * the field.
 */
export function readWebSearchInput(
  raw: RawWebSearchInput,
  { defaultMaxResults, maxQueryChars }: { defaultMaxResults: number; maxQueryChars: number },
): WebSearchInput {
  const query = raw.query.trim();
  if (query === "") {
    throw ToolError.invalidInput(
      `\`query\` must be a non-empty search query, got ${arrived(raw.query)}. Write the keywords to search for.`,
    );
  }
  if (query.length > maxQueryChars) {
    throw ToolError.invalidInput(
      `\`query\` has ${query.length} characters; the limit is ${maxQueryChars}. Shorten it to the key terms.`,
    );
  }
  const allowed = domains(raw.allowed_domains, "allowed_domains");
  const blocked = domains(raw.blocked_domains, "blocked_domains");
  const both = blocked.find((d) => allowed.includes(d));
  if (both !== undefined) {
    throw ToolError.invalidInput(
      `\`${both}\` is in both \`allowed_domains\` and \`blocked_domains\`; keep it in one of them.`,
    );
  }
  return { query, maxResults: raw.max_results ?? defaultMaxResults, allowed, blocked };
}

function domains(list: readonly string[] | undefined, field: string): string[] {
  const out: string[] = [];
  (list ?? []).forEach((entry, i) => {
    const domain = normalizeDomain(entry);
    if (domain === undefined) {
      throw ToolError.invalidInput(
        `\`${field}[${i}]\` must be a domain such as "example.com", got ${arrived(entry)}.`,
      );
    }
    if (!out.includes(domain)) out.push(domain);
  });
  return out;
}
