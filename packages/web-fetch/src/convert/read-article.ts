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
 * and without a selector engine. Iterative, so deep pages cannot overflow the stack.
 */
export function elementsByTags(root: ParentNode, tags: readonly string[]): Element[] {
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
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
  REGEXPS: { byline: RegExp };
}

function hasHelpers(reader: object): reader is Helpers {
  const candidate = reader as Partial<Helpers>;
  return (
    typeof candidate._getAllNodesWithTag === "function" &&
    typeof candidate._isValidByline === "function" &&
    typeof candidate._isProbablyVisible === "function" &&
    candidate.REGEXPS?.byline instanceof RegExp
  );
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

/**
 * Runs Readability on `document` (which it changes) and returns the article,
 * or undefined when it finds none. On a linkedom DOM two of Readability's
 * helpers cost a quarter of its time (and a third one a tenth), so this reader gets equivalents that
 * return the same answers: tag queries by one tree walk instead of
 * linkedom's selector engine, and the byline test reading an element's text
 * only when its attributes or class already say "byline" (Readability reads
 * the text of every element first). The visibility test reads `style` only
 * on an element that has a style attribute (linkedom builds a style object
 * for every element it is asked about). A Readability without those helpers runs stock.
 * Past `deadline` (a `performance.now()` time) the tag query stops
 * Readability, and the answer is undefined, as when it finds no article.
 */
export function readArticle(
  document: Document,
  { deadline = Number.POSITIVE_INFINITY }: { deadline?: number | undefined } = {},
): Article | undefined {
  const reader = new Readability<Node>(document, { serializer: (node) => node });
  if (hasHelpers(reader)) {
    const byline = reader.REGEXPS.byline;
    reader._getAllNodesWithTag = (node, tagNames) => {
      if (performance.now() > deadline) throw new ReadabilityDeadline();
      return elementsByTags(node, tagNames);
    };
    reader._isProbablyVisible = visibleTest(reader._isProbablyVisible.bind(reader));
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
