import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";

/** How deep elements nest at most; deeper ones are left out and their content joins the element at this depth. */
export const MAX_DEPTH = 128;

/** Elements whose content is dropped while parsing (scripts are kept only when they hold JSON-LD). */
const DROPPED = new Set(["script", "style", "template", "svg", "math"]);
/** Elements that belong in the head while no body content has come. */
const HEAD_TAGS = new Set(["title", "meta", "link", "base", "style", "script", "noscript"]);
const SKELETON = "<!doctype html><html><head></head><body></body></html>";

/** An open element as the parser sees it: created, left out past the depth cap, dropped with its content, or implied (html, head, body). */
type Open = { readonly kind: "node" | "flat" | "drop" | "quiet" };

/** A parsed page and how many elements it holds. */
export interface ParsedDocument {
  readonly document: Document;
  readonly elements: number;
}

/**
 * Parses HTML into a linkedom document with htmlparser2's tokenizer (one
 * linear pass, no regular expressions over the page), building the tree
 * itself so that every page gets a `<head>` and a `<body>` (a fragment too),
 * comments, scripts, styles and inline SVG never enter the DOM (JSON-LD
 * scripts are kept for Readability's metadata), and nesting stops at
 * `MAX_DEPTH`: deeper elements are left out, their text kept in order.
 */
export function parseDocument(html: string): ParsedDocument {
  const { document } = parseHTML(SKELETON);
  const head = document.head as unknown as Node;
  const body = document.body as unknown as Node;
  const stack: Open[] = [];
  const open: Node[] = [];
  let inBody = false;
  let dropping = 0;
  let elements = 0;

  const parent = (): Node => open[open.length - 1] ?? (inBody ? body : head);
  const startBody = (): void => {
    if (inBody) return;
    inBody = true;
    // Head elements left open end where the body begins.
    for (let i = 0; i < stack.length; i++) if (stack[i]?.kind === "node") stack[i] = { kind: "quiet" };
    open.length = 0;
  };
  const append = (node: Node): void => {
    parent().appendChild(node);
  };
  const appendText = (text: string): void => {
    const target = parent();
    const last = target.lastChild;
    if (last !== null && last.nodeType === TEXT) last.nodeValue = `${last.nodeValue ?? ""}${text}`;
    else target.appendChild(document.createTextNode(text) as unknown as Node);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0) {
          stack.push({ kind: "drop" });
          dropping++;
          return;
        }
        if (name === "html" || name === "head" || name === "body") {
          if (name === "body") startBody();
          stack.push({ kind: "quiet" });
          return;
        }
        const jsonLd =
          name === "script" && (attributes.type ?? "").trim().toLowerCase() === "application/ld+json";
        if (DROPPED.has(name) && !jsonLd) {
          stack.push({ kind: "drop" });
          dropping = 1;
          return;
        }
        if (!inBody && !HEAD_TAGS.has(name)) startBody();
        const element = open.length < MAX_DEPTH ? createElement(document, name, attributes) : undefined;
        if (element === undefined) {
          // Past the cap the element is left out; a space keeps its text apart from its neighbours'.
          stack.push({ kind: "flat" });
          appendText(" ");
          return;
        }
        append(element);
        elements++;
        stack.push({ kind: "node" });
        open.push(element);
      },
      onclosetag() {
        const closed = stack.pop();
        if (closed?.kind === "drop") dropping--;
        else if (closed?.kind === "node") open.pop();
        else if (closed?.kind === "flat") appendText(" ");
      },
      ontext(text) {
        if (dropping > 0) return;
        if (!inBody && open.length === 0) {
          if (text.trim() === "") return;
          startBody();
        }
        appendText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { document: document as unknown as Document, elements };
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
