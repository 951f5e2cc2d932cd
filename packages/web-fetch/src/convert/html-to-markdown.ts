import { parseHTML } from "linkedom";
import TurndownService from "turndown";
import { gfmTables } from "./gfm-tables.js";
import { readArticle } from "./read-article.js";
import { absolutizeLinks, stripChrome } from "./strip-chrome.js";

/** A page's main content as Markdown. */
export interface MarkdownPage {
  /** The page's title, when it has one. */
  readonly title: string | undefined;
  readonly markdown: string;
  /** `article`: Readability found the main content; `body`: it did not and the whole body was converted. */
  readonly source: "article" | "body";
}

let service: TurndownService | undefined;

/** One shared converter: ATX headings, fenced code, `-` bullets, GFM tables, links inline. */
function turndown(): TurndownService {
  if (service !== undefined) return service;
  service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    linkStyle: "inlined",
  });
  service.remove(["script", "style", "noscript", "template", "iframe"]);
  gfmTables(service);
  return service;
}

/**
 * Extracts the main content of an HTML page with Readability over a linkedom
 * DOM, then converts it to Markdown with turndown. Links and images are made
 * absolute against `url`. When Readability finds no article, the whole body
 * (without scripts, styles, navigation and banners) is converted instead.
 */
export function htmlToMarkdown(html: string, url: string): MarkdownPage {
  const document = prepare(html, url);
  const title = cleanTitle(document.title);
  const article = readArticle(document);
  if (article?.content !== undefined && article.text.trim() !== "") {
    const markdown = tidy(turndown().turndown(article.content as HTMLElement));
    if (markdown !== "") return { title: cleanTitle(article.title) ?? title, markdown, source: "article" };
  }
  // Readability changed the first DOM; the fallback converts a fresh one.
  const body = prepare(html, url).body;
  const markdown = body ? tidy(turndown().turndown(body as HTMLElement)) : "";
  return { title, markdown, source: "body" };
}

/**
 * Comments, scripts, styles and inline SVG, matched left to right as the HTML
 * tokenizer meets them (so a `<script>` inside a comment, or `<!--` inside a
 * script, ends where the browser would end it).
 */
const RAW_BLOCKS = /<!--[\s\S]*?-->|<(script|style|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * Drops the blocks that are never text before parsing: on real pages scripts
 * and styles are often a third of the bytes, and the DOM need not hold them.
 */
export function dropRawBlocks(html: string): string {
  return html.replace(RAW_BLOCKS, "");
}

const HAS_BODY = /<body[\s>]/i;
const TITLE = /<title[^>]*>([\s\S]*?)<\/title\s*>/i;
const DOCUMENT_TAGS = /<!doctype[^>]*>|<\/?(html|head)\b[^>]*>|<(meta|link|base)\b[^>]*>/gi;

/**
 * A document with a `<body>`: the parser (unlike a browser) does not imply
 * one, so a fragment or a page that leaves out `<body>` is given one, its
 * `<title>` kept in the head.
 */
export function withBody(html: string): string {
  if (HAS_BODY.test(html)) return html;
  const title = TITLE.exec(html)?.[0] ?? "";
  const rest = html.replace(TITLE, "").replace(DOCUMENT_TAGS, "");
  return `<!doctype html><html><head>${title}</head><body>${rest}</body></html>`;
}

function prepare(html: string, url: string): Document {
  const { document } = parseHTML(withBody(dropRawBlocks(html)));
  absolutizeLinks(document, url);
  stripChrome(document);
  return document as Document;
}

function cleanTitle(title: string | undefined): string | undefined {
  const trimmed = title?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed : undefined;
}

/** No trailing spaces, at most one blank line in a row. */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
