import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { type ChromeRule, chromeRule, shortEnoughToStrip } from "./strip-chrome.js";

/** How deep elements nest at most; deeper ones are left out and their content joins the element at this depth. */
export const MAX_DEPTH = 128;

/** Elements whose content is dropped while parsing (scripts are kept only when they hold JSON-LD). */
const DROPPED = new Set(["script", "style", "template", "svg", "math"]);
/** Elements that belong in the head while no body content has come. */
const HEAD_TAGS = new Set(["title", "meta", "link", "base", "style", "script", "noscript"]);
const SKELETON = "<!doctype html><html><head></head><body></body></html>";

/**
 * An open element as the parser sees it: created (with its chrome rule and
 * the text count when it opened), left out past the depth cap, dropped with
 * its content, or implied (html, head, body).
 */
type Open =
  | { readonly kind: "node"; readonly element: Node; readonly rule: ChromeRule; readonly text: number }
  | { readonly kind: "flat" | "drop" | "quiet" };

const QUIET: Open = { kind: "quiet" };
const FLAT: Open = { kind: "flat" };
const DROP: Open = { kind: "drop" };

/** A parsed page, how many elements it holds, and what was read from it before any was removed. */
export interface ParsedDocument {
  readonly document: Document;
  /** Elements created (those stripped while parsing included). */
  readonly elements: number;
  /** The `href` of the first `<base href>`, as `document.querySelector("base[href]")` finds it before stripping. */
  readonly baseHref: string | undefined;
  /** The text of the head's first `<title>`, as `document.title` reads it before stripping ("" without one). */
  readonly title: string;
}

/** How `parseDocument` strips chrome while parsing: as `stripChrome(document)`, as with `all`, or not. */
export interface ParseOptions {
  readonly strip?: "consent" | "all";
}

/**
 * Parses HTML into a linkedom document with htmlparser2's tokenizer (one
 * linear pass, no regular expressions over the page), building the tree
 * itself so that every page gets a `<head>` and a `<body>` (a fragment too),
 * comments, scripts, styles and inline SVG never enter the DOM (JSON-LD
 * scripts are kept for Readability's metadata), and nesting stops at
 * `MAX_DEPTH`: deeper elements are left out, their text kept in order.
 */
export function parseDocument(html: string, { strip }: ParseOptions = {}): ParsedDocument {
  const { document } = parseHTML(SKELETON);
  const head = document.head as unknown as Node;
  const body = document.body as unknown as Node;
  const stack: Open[] = [];
  const open: Node[] = [];
  let inBody = false;
  let dropping = 0;
  let elements = 0;
  let baseHref: string | undefined;
  let titleElement: Node | undefined;
  // Characters of text appended so far, less those of elements removed whole:
  // an element's text length is the count at its end less the count at its start.
  let text = 0;
  // The parent an element was just removed from: the next text there starts a new node, as it
  // would had the element been removed after the parse.
  let split: Node | undefined;

  /**
   * An element ends (or is left open as the body begins): removed whole under
   * the `never` rule (its text no longer counts), or under `token` when short.
   */
  const ended = (entry: Open): void => {
    if (entry.kind !== "node" || entry.rule === undefined) return;
    const short = entry.rule === "never" || shortEnoughToStrip(text - entry.text);
    if (!short) return;
    split = entry.element.parentNode ?? undefined;
    (entry.element as ChildNode).remove();
    if (entry.rule === "never") text = entry.text;
  };
  const parent = (): Node => open[open.length - 1] ?? (inBody ? body : head);
  const startBody = (): void => {
    if (inBody) return;
    inBody = true;
    // Head elements left open end where the body begins.
    for (let i = stack.length - 1; i >= 0; i--) {
      const entry = stack[i];
      if (entry?.kind !== "node") continue;
      ended(entry);
      stack[i] = QUIET;
    }
    open.length = 0;
  };
  const append = (node: Node): void => {
    const target = parent();
    if (target === split) split = undefined;
    target.appendChild(node);
  };
  const appendText = (chunk: string): void => {
    text += chunk.length;
    const target = parent();
    const last = target === split ? null : target.lastChild;
    if (target === split) split = undefined;
    if (last !== null && last.nodeType === TEXT) last.nodeValue = `${last.nodeValue ?? ""}${chunk}`;
    else target.appendChild(document.createTextNode(chunk) as unknown as Node);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0) {
          stack.push(DROP);
          dropping++;
          return;
        }
        if (name === "html" || name === "head" || name === "body") {
          if (name === "body") startBody();
          stack.push(QUIET);
          return;
        }
        const jsonLd =
          name === "script" && (attributes.type ?? "").trim().toLowerCase() === "application/ld+json";
        if (DROPPED.has(name) && !jsonLd) {
          stack.push(DROP);
          dropping = 1;
          return;
        }
        if (!inBody && !HEAD_TAGS.has(name)) startBody();
        const element = open.length < MAX_DEPTH ? createElement(document, name, attributes) : undefined;
        if (element === undefined) {
          // Past the cap the element is left out; a space keeps its text apart from its neighbours'.
          stack.push(FLAT);
          appendText(" ");
          return;
        }
        append(element);
        elements++;
        if (name === "base" && baseHref === undefined && attributes.href !== undefined)
          baseHref = attributes.href;
        if (name === "title" && !inBody && titleElement === undefined) titleElement = element;
        const rule = strip === undefined ? undefined : chromeRule(name, attributes, strip === "all");
        stack.push({ kind: "node", element, rule, text });
        open.push(element);
      },
      onclosetag() {
        const closed = stack.pop();
        if (closed?.kind === "drop") dropping--;
        else if (closed?.kind === "node") {
          open.pop();
          ended(closed);
        } else if (closed?.kind === "flat") appendText(" ");
      },
      ontext(chunk) {
        if (dropping > 0) return;
        if (!inBody && open.length === 0) {
          if (chunk.trim() === "") return;
          startBody();
        }
        appendText(chunk);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return {
    document: document as unknown as Document,
    elements,
    baseHref,
    title: titleElement?.textContent ?? "",
  };
}

const TEXT = 3;

/** A new element with its attributes, or undefined when the DOM refuses its name. */
function createElement(
  document: ReturnType<typeof parseHTML>["document"],
  name: string,
  attributes: Record<string, string>,
): Node | undefined {
  let element: ReturnType<typeof document.createElement>;
  try {
    element = document.createElement(name);
  } catch {
    return undefined;
  }
  for (const key of Object.keys(attributes)) {
    try {
      element.setAttribute(key, attributes[key] ?? "");
    } catch {
      // An attribute name the DOM refuses is left out.
    }
  }
  return element as unknown as Node;
}
