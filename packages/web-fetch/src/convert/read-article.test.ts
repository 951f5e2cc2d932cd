import { Readability } from "@mozilla/readability";
import fc from "fast-check";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { articlePage, longPage } from "../tool/test-pages.js";
import { writeMarkdown } from "./markdown-writer.js";
import { elementsByTags, readArticle, visibleTest } from "./read-article.js";

const TAGS = ["div", "p", "span", "ul", "li", "a", "table", "td", "em"];

/** Random nested HTML over a few tags, with text between. */
const markup: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("text", "more words"),
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(tie("node"), { maxLength: 4 }))
      .map(([tag, children]) => `<${tag}>${children.join("")}</${tag}>`),
  ),
})).node;

describe("elementsByTags", () => {
  describe("for any document", () => {
    it("returns what querySelectorAll returns, in the same order, whatever the case of the tags", () => {
      fc.assert(
        fc.property(
          fc.array(markup, { maxLength: 6 }),
          fc.subarray(TAGS, { minLength: 1 }),
          (parts, tags) => {
            const { document } = parseHTML(`<html><body>${parts.join("")}</body></html>`);
            for (const root of [document, document.body, ...Array.from(document.querySelectorAll("div"))]) {
              const expected = Array.from(root.querySelectorAll(tags.join(",")));
              expect(elementsByTags(root, tags)).toEqual(expected);
              expect(
                elementsByTags(
                  root,
                  tags.map((t) => t.toUpperCase()),
                ),
              ).toEqual(expected);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  it("walks a page nested 20,000 deep without overflowing the stack", () => {
    const { document } = parseHTML(
      `<html><body>${"<div>".repeat(20_000)}<p>deep</p>${"</div>".repeat(20_000)}</body></html>`,
    );
    expect(elementsByTags(document.body, ["p"]).map((p) => p.textContent)).toEqual(["deep"]);
  });
});

describe("visibleTest", () => {
  it.each([
    "<p>plain</p>",
    "<p hidden>hidden</p>",
    '<p aria-hidden="true">aria hidden</p>',
    '<p aria-hidden="false">aria shown</p>',
    '<img aria-hidden="true" class="mwe-math-fallback-image-inline">',
    '<p style="display: none">none</p>',
    '<p style="visibility:hidden">invisible</p>',
    '<p style="color: red">red</p>',
    '<p style="">empty style</p>',
  ])("answers as Readability's own test on %s", (html) => {
    const { document } = parseHTML(`<html><body>${html}</body></html>`);
    const reader = new Readability(document) as unknown as { _isProbablyVisible(node: Element): boolean };
    const stock = reader._isProbablyVisible.bind(reader);
    const node = document.body.firstElementChild as unknown as Element;
    expect(visibleTest(stock)(node)).toBe(Boolean(stock(node)));
  });
});

describe("readArticle", () => {
  const base = "https://news.example/";
  const markdownOf = (node: Node) => writeMarkdown(node, { base });
  const stock = (html: string) => {
    const article = new Readability(parseHTML(html).document).parse();
    const { document } = parseHTML(`<html><body>${article?.content ?? ""}</body></html>`);
    return { title: article?.title, markdown: markdownOf(document.body as unknown as Node) };
  };

  it("uses the fast helpers with the installed Readability", () => {
    const reader = new Readability(parseHTML("<html><body></body></html>").document) as unknown as Record<
      string,
      unknown
    >;
    expect(typeof reader._getAllNodesWithTag).toBe("function");
    expect(typeof reader._isValidByline).toBe("function");
  });

  it.each([
    ["an article among chrome", articlePage()],
    ["a long page", longPage(200_000)],
    [
      "a page with a byline and lists",
      `<html><head><title>T</title></head><body><article><p class="byline">By Ann Author</p><p>${"Words in a paragraph that is long enough. ".repeat(20)}</p><ul><li>one</li><li>two</li></ul><div><span>${"Span text in a div. ".repeat(30)}</span></div></article></body></html>`,
    ],
  ])("finds what stock Readability finds on %s", (_name, html) => {
    const article = readArticle(parseHTML(html).document);
    expect({ title: article?.title, markdown: markdownOf(article?.content as Element) }).toEqual(stock(html));
  });
});
