import type { SearchResult } from "./search-provider.js";

/** A wire body that does not have the expected shape. */
export class WireFormatError extends Error {
  override readonly name = "WireFormatError";
}

/** Parses a JSON object body, or throws a WireFormatError saying what arrived. */
export function parseJsonObject(body: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const start = body.trim().slice(0, 40);
    throw new WireFormatError(`the body is not JSON (it starts with ${JSON.stringify(start)})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new WireFormatError(
      `the body is JSON but not an object (got ${Array.isArray(value) ? "an array" : typeof value})`,
    );
  }
  return value as Record<string, unknown>;
}

/** The array under `field`: absent or null is no results; anything else but an array is a WireFormatError. */
export function listField(body: Record<string, unknown>, field: string): unknown[] {
  const value = body[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new WireFormatError(`\`${field}\` is not an array`);
  return value;
}

/** Collapses runs of whitespace (providers put line breaks in snippets) and trims. */
export function cleanText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

/** The host name of a URL; undefined when it does not parse. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * One result from a wire item's title, link, snippet and display link.
 * Items without a usable link are dropped (undefined).
 */
export function toResult(
  item: unknown,
  keys: { url: string; displayLink?: string },
): SearchResult | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const url = typeof record[keys.url] === "string" ? String(record[keys.url]).trim() : "";
  if (!url) return undefined;
  const given = keys.displayLink ? cleanText(record[keys.displayLink]) : "";
  const displayLink = given || hostOf(url);
  const title = cleanText(record.title) || url;
  const result: SearchResult = { title, url, snippet: cleanText(record.snippet) };
  return displayLink ? { ...result, displayLink } : result;
}
