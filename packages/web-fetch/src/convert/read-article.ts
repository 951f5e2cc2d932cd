import { Readability } from "@mozilla/readability";

/** What Readability found: its title and the article element. */
export interface Article {
  readonly title: string | undefined;
  readonly content: Element | undefined;
  readonly text: string;
}

/**
 * Every element below `root` whose tag is one of `tags` (in any case, on
 * either side: Readability asks for `"SPAN"` and creates `"DIV"`), in
 * document order: what `root.querySelectorAll("a,b")` returns, in one walk
 * and without a selector engine. On a linkedom DOM the walk follows
 * linkedom's own document-order links (one step per node; its
 * `firstElementChild` and `nextElementSibling` getters each scan siblings),
 * elsewhere the standard element links. Iterative, so deep pages cannot
 * overflow the stack.
 */
export function elementsByTags(root: ParentNode, tags: readonly string[]): Element[] {
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
  const links = linksOf(root);
  return links === undefined ? walkElements(root, wanted) : walkLinked(root, wanted, links);
}

/** linkedom's private link keys: each node's next node in document order, and an element's end marker. */
interface Links {
  readonly next: symbol;
  readonly end: symbol;
}

let linkKeys: Links | undefined;

/**
 * The keys of linkedom's document-order links when `root` carries them
 * (found by their names on the first linkedom node asked about), else undefined.
 */
function linksOf(root: ParentNode): Links | undefined {
  if (linkKeys === undefined) {
    const symbols = Object.getOwnPropertySymbols(root);
    const next = symbols.find((s) => s.description === "next");
    const end = symbols.find((s) => s.description === "end");
    if (next === undefined || end === undefined) return undefined;
    linkKeys = { next, end };
  }
  const node = root as unknown as Record<symbol, unknown>;
  return typeof node[linkKeys.next] === "object" && typeof node[linkKeys.end] === "object"
    ? linkKeys
    : undefined;
}

/** A linkedom node as the linked walk reads it. */
interface Linked {
  readonly nodeType: number;
  readonly localName?: string;
  readonly [key: symbol]: Linked | null | undefined;
}

function walkLinked(root: ParentNode, wanted: ReadonlySet<string>, { next, end }: Links): Element[] {
  const out: Element[] = [];
  const stop = (root as unknown as Linked)[end];
  for (
    let node = (root as unknown as Linked)[next];
    node != null && node !== stop;
    node = node[next] ?? null
  ) {
    if (node.nodeType !== 1) continue;
    const name = node.localName ?? "";
    if (wanted.has(name) || wanted.has(name.toLowerCase())) out.push(node as unknown as Element);
  }
  return out;
}

function walkElements(root: ParentNode, wanted: ReadonlySet<string>): Element[] {
  const out: Element[] = [];
  let el: Element | null = root.firstElementChild;
  while (el !== null) {
    if (wanted.has(el.localName.toLowerCase())) out.push(el);
    const child: Element | null = el.firstElementChild;
    if (child !== null) {
      el = child;
      continue;
    }
    let next: Element | null = null;
    for (let at: Node | null = el; at !== null && at !== root; at = at.parentNode) {
      next = (at as Element).nextElementSibling;
      if (next !== null) break;
    }
    el = next;
  }
  return out;
}

/** Thrown from inside Readability when its share of the time budget is spent. */
class ReadabilityDeadline extends Error {
  constructor() {
    super("Readability ran past its deadline");
    this.name = "ReadabilityDeadline";
  }
}

/** The three Readability helpers replaced below, as Readability 0.6 declares them. */
interface Helpers {
  _getAllNodesWithTag(node: ParentNode, tagNames: string[]): ArrayLike<Element>;
  _isValidByline(node: Element, matchString: string): boolean;
  _isProbablyVisible(node: Element): boolean;
  _isElementWithoutContent(node: Element): boolean;
  _unwrapNoscriptImages(doc: Document): void;
  _removeScripts(doc: Document): void;
  _prepDocument(): void;
  _doc: Document;
  REGEXPS: { byline: RegExp };
}

function hasHelpers(reader: object): reader is Helpers {
  const candidate = reader as Partial<Helpers>;
  return (
    typeof candidate._getAllNodesWithTag === "function" &&
    typeof candidate._isValidByline === "function" &&
    typeof candidate._isProbablyVisible === "function" &&
    typeof candidate._isElementWithoutContent === "function" &&
    typeof candidate._unwrapNoscriptImages === "function" &&
    typeof candidate._removeScripts === "function" &&
    typeof candidate._prepDocument === "function" &&
    candidate.REGEXPS?.byline instanceof RegExp
  );
}

/**
 * Whether any text below `root` holds a character other than whitespace
 * (`textContent.trim() !== ""`), stopping at the first such text instead of
 * joining the text of the whole subtree.
 */
export function hasText(root: Node): boolean {
  const links = linksOf(root as unknown as ParentNode);
  if (links === undefined) return /\S/.test(root.textContent ?? "");
  const stop = (root as unknown as Linked)[links.end];
  for (
    let node = (root as unknown as Linked)[links.next];
    node != null && node !== stop;
    node = node[links.next] ?? null
  ) {
    if (
      (node.nodeType === 3 || node.nodeType === 4) &&
      /\S/.test((node as unknown as Node).textContent ?? "")
    )
      return true;
  }
  return false;
}

/**
 * An image with no attribute that may hold its picture (`src`, `srcset`,
 * `data-src`, `data-srcset`, or any value naming a .jpg, .jpeg, .png or
 * .webp file): what Readability removes before it unwraps `<noscript>` images.
 */
function isPlaceholderImage(img: Element): boolean {
  for (const { name, value } of Array.from(img.attributes)) {
    if (name === "src" || name === "srcset" || name === "data-src" || name === "data-srcset") return false;
    if (/\.(jpg|jpeg|png|webp)/i.test(value)) return false;
  }
  return true;
}

/**
 * Readability's visibility test, reading `style` only on an element with a
 * style attribute (without one, display and visibility are unset) and
 * answering the rest of the test as `stock` does.
 */
export function visibleTest(stock: (node: Element) => boolean): (node: Element) => boolean {
  return (node) => {
    if (node.hasAttribute("style")) return stock(node);
    if (node.hasAttribute("hidden")) return false;
    return (
      node.getAttribute("aria-hidden") !== "true" || (node.className?.includes?.("fallback-image") ?? false)
    );
  };
}

/** What Readability reads as the page's HTML before its first attempt, when the page is rebuilt instead. */
const PAGE_CACHE = "\u0000toolkit: the page as it was before the first attempt\u0000";

/**
 * Spares Readability the serialization of the whole page that it keeps in
 * case an attempt finds too little text (`pageCacheHtml = body.innerHTML`,
 * then `body.innerHTML = pageCacheHtml` to try again with other flags): the
 * body answers a token instead, and only when that token is written back is
 * the page rebuilt (`fresh()`: parsed again, then put through the same
 * preparation Readability's `parse` gave it) and its HTML written, so the
 * retry starts from the same HTML as stock. Any other HTML written goes to
 * the DOM's own setter.
 */
function lazyPageCache(reader: Helpers, body: Element, fresh: () => Document): void {
  let proto: object | null = Object.getPrototypeOf(body);
  let stock: PropertyDescriptor | undefined;
  while (proto !== null && stock === undefined) {
    stock = Object.getOwnPropertyDescriptor(proto, "innerHTML");
    proto = Object.getPrototypeOf(proto);
  }
  const { get, set } = stock ?? {};
  if (get === undefined || set === undefined) return;
  Object.defineProperty(body, "innerHTML", {
    configurable: true,
    get: () => PAGE_CACHE,
    set: (html: string) => {
      if (html !== PAGE_CACHE) return void set.call(body, html);
      const again = fresh();
      const doc = reader._doc;
      reader._doc = again;
      try {
        reader._unwrapNoscriptImages(again);
        reader._removeScripts(again);
        reader._prepDocument();
      } finally {
        reader._doc = doc;
      }
      set.call(body, get.call(again.body));
    },
  });
}

/**
 * Runs Readability on `document` (which it changes) and returns the article,
 * or undefined when it finds none. On a linkedom DOM two of Readability's
 * helpers cost a quarter of its time (and a third one a tenth), so this reader gets equivalents that
 * return the same answers: tag queries by one tree walk instead of
 * linkedom's selector engine, and the byline test reading an element's text
 * only when its attributes or class already say "byline" (Readability reads
 * the text of every element first), and the empty-block test stopping at
 * the first letter of text. The visibility test reads `style` only
 * on an element that has a style attribute (linkedom builds a style object
 * for every element it is asked about). A Readability without those helpers runs stock.
 * With `fresh` (the same page parsed again, as `document` was), the page is
 * not serialized up front for a retry but rebuilt when one happens.
 * Past `deadline` (a `performance.now()` time) the tag query stops
 * Readability, and the answer is undefined, as when it finds no article.
 */
export function readArticle(
  document: Document,
  {
    deadline = Number.POSITIVE_INFINITY,
    fresh,
  }: { deadline?: number | undefined; fresh?: (() => Document) | undefined } = {},
): Article | undefined {
  const reader = new Readability<Node>(document, { serializer: (node) => node });
  if (hasHelpers(reader)) {
    if (fresh !== undefined && document.body !== null) lazyPageCache(reader, document.body, fresh);
    const byline = reader.REGEXPS.byline;
    reader._getAllNodesWithTag = (node, tagNames) => {
      if (performance.now() > deadline) throw new ReadabilityDeadline();
      return elementsByTags(node, tagNames);
    };
    reader._isProbablyVisible = visibleTest(reader._isProbablyVisible.bind(reader));
    // Stock reads the whole subtree's text of every block it weighs; a first letter settles it.
    const withoutContent = reader._isElementWithoutContent.bind(reader);
    reader._isElementWithoutContent = (node) => node.nodeType === 1 && !hasText(node) && withoutContent(node);
    // Stock walks the page for images and again for <noscript>s, reading each image's attribute
    // list anew for every attribute; most pages have no <noscript>, so stock runs only when one is there.
    const unwrap = reader._unwrapNoscriptImages.bind(reader);
    reader._unwrapNoscriptImages = (doc) => {
      for (const img of elementsByTags(doc, ["img"])) if (isPlaceholderImage(img)) img.remove();
      if (elementsByTags(doc, ["noscript"]).length > 0) unwrap(doc);
    };
    reader._isValidByline = (node, matchString) => {
      const itemprop = node.getAttribute("itemprop");
      const named =
        node.getAttribute("rel") === "author" ||
        (itemprop?.includes("author") ?? false) ||
        byline.test(matchString);
      if (!named) return false;
      const length = (node.textContent ?? "").trim().length;
      return length > 0 && length < 100;
    };
  }
  let article: ReturnType<typeof reader.parse>;
  try {
    article = reader.parse();
  } catch (error) {
    if (error instanceof ReadabilityDeadline) return undefined;
    throw error;
  }
  const content = article?.content;
  if (article === null || content === null || content === undefined) return undefined;
  return { title: article.title ?? undefined, content: content as Element, text: article.textContent ?? "" };
}
