import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Readability } from "@mozilla/readability";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse-html.js";
import { readArticle } from "./read-article.js";
import { stripChrome } from "./strip-chrome.js";
import { readabilityFixtures } from "./test-fixtures.js";

/** The tree as nested lists, each text node on its own (so merged or split text shows). */
function shape(node: Node): unknown {
  if (node.nodeType === 3) return JSON.stringify(node.nodeValue);
  const element = node as Element;
  const attributes = element.getAttributeNames?.().map((n) => `${n}=${element.getAttribute(n)}`) ?? [];
  return [element.localName ?? node.nodeName, attributes.join(" "), Array.from(node.childNodes, shape)];
}

/** What stripping after the parse gives, as the converter did before stripping moved into the parse. */
function strippedAfter(html: string, all: boolean) {
  const { document } = parseDocument(html);
  const base = document.querySelector("base[href]")?.getAttribute("href") ?? undefined;
  const title = document.title;
  stripChrome(document, { all });
  return { tree: shape(document.documentElement), base, title };
}

function strippedWhileParsing(html: string, all: boolean) {
  const parsed = parseDocument(html, { strip: all ? "all" : "consent" });
  return { tree: shape(parsed.document.documentElement), base: parsed.baseHref, title: parsed.title };
}

/** Random pages of nested banners, dialogs, hidden and navigation elements, with text of many lengths. */
const page = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("word ", "", " ", "x".repeat(1500), "y".repeat(3001)),
    tie("element"),
  ),
  element: fc
    .tuple(
      fc.constantFrom(
        "div",
        "section",
        "span",
        "a",
        "nav",
        "dialog",
        "p",
        "aside",
        "button",
        "title",
        "base",
      ),
      fc.constantFrom(
        "",
        ' class="cookie-banner"',
        ' id="gdpr_notice"',
        ' class="newsletter"',
        ' class="popup"',
        " hidden",
        ' role="dialog"',
        ' role="navigation"',
        ' aria-modal="true"',
        ' href="/b/"',
      ),
      fc.array(tie("node"), { maxLength: 4 }),
    )
    .map(([tag, attrs, kids]) => `<${tag}${attrs}>${(kids as string[]).join("")}</${tag}>`),
}));

describe("parseDocument with strip", () => {
  it("gives the tree, base and title that stripping after the parse gives", () => {
    fc.assert(
      fc.property(
        fc.array(page.node as fc.Arbitrary<string>, { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (nodes, all, inHead) => {
          const inner = nodes.join("");
          const html = inHead
            ? `<html><head><title>t</title>${inner}</head><body>${inner}</body></html>`
            : `<body>${inner}</body>`;
          expect(strippedWhileParsing(html, all)).toEqual(strippedAfter(html, all));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("on Readability's test pages", () => {
  const root = readabilityFixtures();
  if (root === undefined) {
    if (process.env.CI === "true") {
      it("needs the fixtures", () => {
        throw new Error("shared/fixtures/readability-pages is missing beside the repository");
      });
    } else console.log("skipping Readability's test pages: shared/fixtures/readability-pages is not there");
    return;
  }
  const pages = readdirSync(root)
    .sort()
    .map((name) => [name, readFileSync(join(root, name, "source.html"), "utf8")] as const);

  it("strips each page while parsing as stripping after the parse does", () => {
    for (const [name, html] of pages) {
      for (const all of [false, true]) {
        expect(strippedWhileParsing(html, all), `${name}, all: ${all}`).toEqual(strippedAfter(html, all));
      }
    }
  });

  it("finds with the faster helpers the article stock Readability finds", () => {
    const parse = (html: string) => parseDocument(html, { strip: "consent" }).document;
    for (const [name, source] of pages) {
      const stock = new Readability<Node>(parse(source), { serializer: (node) => node }).parse();
      const ours = readArticle(parse(source), { fresh: () => parse(source) });
      expect(ours && [ours.title, ours.text, (ours.content as Element).outerHTML], name).toEqual(
        stock?.content
          ? [stock.title ?? undefined, stock.textContent ?? "", (stock.content as Element).outerHTML]
          : undefined,
      );
    }
  });

  it("finds the same article when the page is rebuilt for a retry instead of kept as HTML", () => {
    const parse = (html: string) => parseDocument(html, { strip: "consent" }).document;
    const html = (article: ReturnType<typeof readArticle>) =>
      article && { title: article.title, text: article.text, html: (article.content as Element).outerHTML };
    let retried = 0;
    for (const [name, source] of pages) {
      const kept = readArticle(parse(source));
      const rebuilt = readArticle(parse(source), {
        fresh: () => {
          retried++;
          return parse(source);
        },
      });
      expect(html(rebuilt), name).toEqual(html(kept));
    }
    // Some pages need a second attempt, so the rebuilt page is compared too.
    expect(retried).toBeGreaterThan(0);
  });
});
