import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-to-markdown.js";

const URL = "https://docs.example/guide/start";
const filler = `<p>${"This paragraph is long enough for Readability to treat the page as an article. ".repeat(8)}</p>`;

function article(inner: string): string {
  return `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${filler}${inner}${filler}</article></body></html>`;
}

describe("htmlToMarkdown", () => {
  describe("when a table has no header row", () => {
    it("adds an empty header so the table stays a GFM table", () => {
      const md = htmlToMarkdown(
        article("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"),
        URL,
      ).markdown;
      expect(md).toContain("|  |  |\n| --- | --- |\n| a | b |\n| c | d |");
    });
  });

  describe("when a cell holds pipes and line breaks", () => {
    it("escapes the pipes and keeps the cell on one line", () => {
      const md = htmlToMarkdown(
        article(
          "<table><tr><th>Op</th><th>Meaning</th></tr><tr><td><code>a|b</code></td><td>one<br>two</td></tr></table>",
        ),
        URL,
      ).markdown;
      expect(md).toContain("| Op | Meaning |\n| --- | --- |\n| `a\\|b` | one two |");
    });
  });

  describe("when links and images are relative", () => {
    it("makes them absolute against the page URL and keeps fragments", () => {
      const md = htmlToMarkdown(
        article(
          '<p>See <a href="../api/read">the API</a>, <a href="#top">top</a> and <img src="/img/a.png" alt="diagram"> here.</p>',
        ),
        URL,
      ).markdown;
      expect(md).toContain("[the API](https://docs.example/api/read)");
      expect(md).toContain("[top](#top)");
      expect(md).toContain("![diagram](https://docs.example/img/a.png)");
    });
  });

  describe("when the page has code", () => {
    it("fences it", () => {
      const md = htmlToMarkdown(
        article("<pre><code>npm install toolkit\nnpm test</code></pre>"),
        URL,
      ).markdown;
      expect(md).toContain("```\nnpm install toolkit\nnpm test\n```");
    });
  });

  describe("when a code block's lines are separated by <br>", () => {
    it("keeps one line per <br>", () => {
      const md = htmlToMarkdown(article("<pre><code>a = 1<br>b = 2<br/>c = 3</code></pre>"), URL).markdown;
      expect(md).toContain("```\na = 1\nb = 2\nc = 3\n```");
    });
  });

  describe("when a layout table holds another table", () => {
    it("writes the outer cells as blocks and the inner data table as a GFM table", () => {
      const md = htmlToMarkdown(
        article(
          "<table><tr><td><p>Left column</p></td><td><table><tr><th>Name</th><th>Count</th></tr><tr><td>Ann</td><td>3</td></tr></table></td></tr></table>",
        ),
        URL,
      ).markdown;
      expect(md).toContain("Left column\n\n| Name | Count |\n| --- | --- |\n| Ann | 3 |");
    });
  });

  describe("when lists nest and quotes hold paragraphs", () => {
    it("indents the inner list under its item and quotes every line", () => {
      const md = htmlToMarkdown(
        article(
          "<ol><li>one<ul><li>inner</li></ul></li><li>two</li></ol><blockquote><p>first</p><p>second</p></blockquote>",
        ),
        URL,
      ).markdown;
      expect(md).toContain("1. one\n   - inner\n2. two");
      expect(md).toContain("> first\n>\n> second");
    });
  });

  describe("when text looks like Markdown", () => {
    it("escapes it", () => {
      const md = htmlToMarkdown(article("<p>2 * 3 = a_b [x]</p><p># not a heading</p>"), URL).markdown;
      expect(md).toContain("2 \\* 3 = a\\_b \\[x\\]");
      expect(md).toContain("\\# not a heading");
    });
  });

  describe("when the page leaves out <html>, <head> or <body>", () => {
    it.each([
      ["<h1>Discounts</h1><p>Price after discount.</p>", undefined],
      ["<!doctype html><title>Sale</title><p>Price after discount.</p>", "Sale"],
      [
        "<html><head><title>Sale</title><meta charset=utf-8></head><p>Price after discount.</p></html>",
        "Sale",
      ],
    ])("still reads %j", (html, title) => {
      const page = htmlToMarkdown(html, URL);
      expect(page.markdown).toContain("Price after discount.");
      expect(page.title).toBe(title);
    });
  });

  describe("when there is no body text at all", () => {
    it("returns an empty Markdown and the title", () => {
      expect(
        htmlToMarkdown(
          "<html><head><title>Empty</title></head><body><script>x()</script></body></html>",
          URL,
        ),
      ).toEqual({
        title: "Empty",
        markdown: "",
        source: "body",
      });
    });
  });
});
