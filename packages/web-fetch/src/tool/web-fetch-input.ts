import { type JsonSchema, ToolError, arrived } from "@toolkit/core";
import { MAX_CHARS_LIMIT } from "./web-fetch-options.js";

/** The WebFetch input schema the model is shown. */
export const WEB_FETCH_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    url: { type: "string", description: "The http(s) URL of the page to read." },
    max_chars: {
      type: "integer",
      minimum: 1,
      maximum: MAX_CHARS_LIMIT,
      description: "Characters of the page to return in this call. Default 20000.",
    },
    offset: {
      type: "integer",
      minimum: 0,
      description:
        "Where to start, in characters; pass the offset a previous reply named to read the next page. Default 0.",
    },
  },
  required: ["url"],
  additionalProperties: false,
};

/** A validated WebFetch call. */
export interface WebFetchInput {
  readonly url: URL;
  readonly maxChars: number;
  readonly offset: number;
}

/** WebFetch input as its schema accepts it. */
export interface RawWebFetchInput {
  url: string;
  max_chars?: number;
  offset?: number;
}

/**
 * WebFetch input that matches its schema, checked for what a schema cannot
 * say: a URL that parses, is http or https and carries no credentials (the
 * fragment is dropped); `max_chars` and `offset` defaulted. Throws an
 * InvalidInput ToolError naming the field.
 */
export function readWebFetchInput(raw: RawWebFetchInput, defaultMaxChars: number): WebFetchInput {
  let url: URL;
  try {
    url = new URL(raw.url.trim());
  } catch {
    throw ToolError.invalidInput(
      `\`url\` must be an absolute http(s) URL such as "https://example.com/page", got ${arrived(raw.url)}.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw ToolError.invalidInput(
      `\`url\` must use http or https, got the scheme "${url.protocol.slice(0, -1)}".`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw ToolError.invalidInput(
      "`url` must not contain a user name or password; remove the part before `@`.",
    );
  }
  url.hash = "";
  return { url, maxChars: raw.max_chars ?? defaultMaxChars, offset: raw.offset ?? 0 };
}
