import { writeMarkdown } from "./markdown-writer.js";
import { parseDocument } from "./parse-html.js";
import { readArticle } from "./read-article.js";
import { baseUrlOf, stripChrome } from "./strip-chrome.js";

/** A page's main content as Markdown. */
export interface MarkdownPage {
  /** The page's title, when it has one. */
  readonly title: string | undefined;
  readonly markdown: string;
  /** `article`: Readability found the main content; `body`: it did not and the whole body was converted. */
  readonly source: "article" | "body";
}

/**
 * Pages with more elements than this skip Readability (its time grows faster
 * than the page) and have their whole body converted.
 */
export const MAX_READABILITY_ELEMENTS = 40_000;

/** How one conversion may report progress and how long Readability may take. */
export interface HtmlToMarkdownOptions {
  /** Called with each finished piece of the Markdown, in order, while the conversion goes on. */
  readonly onChunk?: (text: string) => void;
  /** Called once with the page's title, as soon as it is known. */
  readonly onTitle?: (title: string | undefined) => void;
  /** The `performance.now()` time past which Readability is stopped and the whole body converted. */
  readonly readabilityDeadline?: number;
}

/**
 * Extracts the main content of an HTML page with Readability over a linkedom
 * DOM (parsed by htmlparser2), then writes it as Markdown in one pass. Links
 * and images are made absolute against `url` (or the page's `<base href>`).
 * When Readability finds no article, runs past `readabilityDeadline`, or the
 * page has more than `MAX_READABILITY_ELEMENTS` elements, the
 * whole body (without scripts, styles, navigation and banners) is converted
 * instead. Runs on the calling thread; WebFetch runs it in a worker under a
 * time budget and a memory cap.
 */
export function htmlToMarkdown(html: string, url: string, options: HtmlToMarkdownOptions = {}): MarkdownPage {
  const { onChunk, onTitle, readabilityDeadline } = options;
  // Dialogs, hidden elements and consent banners are stripped while parsing.
  const parsed = parseDocument(html, { strip: "consent" });
  let { document } = parsed;
  const base = baseUrlOf(parsed.baseHref, url);
  const title = cleanTitle(parsed.title);
  if (parsed.elements <= MAX_READABILITY_ELEMENTS) {
    const article = readArticle(document, {
      deadline: readabilityDeadline,
      fresh: () => parseDocument(html, { strip: "consent" }).document,
    });
    if (article?.content !== undefined && article.text.trim() !== "") {
      const articleTitle = cleanTitle(article.title) ?? title;
      onTitle?.(articleTitle);
      const markdown = writeMarkdown(article.content, { base, onChunk });
      if (markdown !== "") return { title: articleTitle, markdown, source: "article" };
    }
    // Readability changed the first DOM; the fallback converts a fresh one.
    document = parseDocument(html, { strip: "all" }).document;
  } else stripChrome(document, { all: true });
  onTitle?.(title);
  const body = document.body as Node | null;
  const markdown = body === null ? "" : writeMarkdown(body, { base, onChunk });
  return { title, markdown, source: "body" };
}

function cleanTitle(title: string | undefined | null): string | undefined {
  const trimmed = title?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed : undefined;
}
