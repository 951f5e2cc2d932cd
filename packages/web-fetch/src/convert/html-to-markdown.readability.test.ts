import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { beforeAll, describe, expect, it } from "vitest";
import { type MarkdownPage, htmlToMarkdown } from "./html-to-markdown.js";
import { readableText, wordF1, wordsOf } from "./test-word-f1.js";
import { readabilityFixtures } from "./test-fixtures.js";

// Mozilla Readability's own test pages (60 of them, kept with their license in
// the shared fixtures beside the repository): each page's Markdown against
// Readability's expected extraction, word by word.

/** The mean F1 of the converter before this one (Readability + turndown after stripping ads and banners). */
const MEAN_F1_BEFORE = 0.9925;
/** Titles jsdom + Readability finds on these pages (the count; the bench measures it again). */
const JSDOM_TITLES = 57;

const root = readabilityFixtures();
const names = root === undefined ? [] : readdirSync(root).sort();

interface Scored {
  readonly page: MarkdownPage;
  readonly f1: number;
  readonly expectedTitle: string | undefined;
}

const oneLine = (text: string | undefined) => text?.replace(/\s+/g, " ").trim();

describe("htmlToMarkdown on Readability's test pages", () => {
  if (root === undefined) {
    if (process.env.CI === "true") {
      it("needs the fixtures", () => {
        throw new Error("shared/fixtures/readability-pages is missing beside the repository");
      });
    } else {
      console.log(
        "skipping Readability's test pages: shared/fixtures/readability-pages is not beside the repository",
      );
    }
    return;
  }
  const scored = new Map<string, Scored>();
  const markdownOf = (name: string) => scored.get(name)?.page.markdown ?? "";
  beforeAll(() => {
    for (const name of names) {
      const read = (file: string) => readFileSync(join(root, name, file), "utf8");
      const page = htmlToMarkdown(read("source.html"), "http://fakehost/test/page.html");
      const expected = parseHTML(`<html><body>${read("expected.html")}</body></html>`).document.body
        .textContent;
      const meta = JSON.parse(read("expected-metadata.json")) as { title?: unknown };
      scored.set(name, {
        page,
        f1: wordF1(wordsOf(readableText(page.markdown)), wordsOf(expected ?? "")),
        expectedTitle:
          typeof meta.title === "string" && meta.title.trim() !== "" ? oneLine(meta.title) : undefined,
      });
    }
  }, 240_000);

  it("has the 60 pages", () => {
    expect(names).toHaveLength(60);
  });

  it.each(names)("keeps the main text of %s (word F1 at least 0.9)", (name) => {
    expect(scored.get(name)?.f1).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps the mean word F1 no lower than before", () => {
    const values = [...scored.values()].map((s) => s.f1);
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeGreaterThanOrEqual(MEAN_F1_BEFORE);
  });

  it("finds at least as many titles as the jsdom stack, reading <meta> and JSON-LD", () => {
    const titled = [...scored.values()].filter((s) => s.expectedTitle !== undefined);
    const found = titled.filter((s) => oneLine(s.page.title) === s.expectedTitle);
    expect(found.length).toBeGreaterThanOrEqual(JSDOM_TITLES);
    expect(scored.get("quanta-1")?.page.title).toBe("The Hidden Heroines of Chaos");
  });

  it("keeps a blog's comment thread beside its post (firefox-nightly-blog)", () => {
    const markdown = markdownOf("firefox-nightly-blog");
    expect(markdown).toContain("Here’s our Firefox Year in Review!");
    expect(markdown).toContain("Are there plans to provide a “collections” functionality for the desktop");
  });

  it('keeps inline links with class="popup" in their sentence (clean-links)', () => {
    expect(markdownOf("clean-links")).toMatch(
      /a profound conviction that \[?the easiest way of life\]?.* is the best/,
    );
  });

  it("writes the cells of nested layout tables apart, never as one endless line (lwn-1)", () => {
    const markdown = markdownOf("lwn-1");
    expect(markdown).not.toContain("changesetsHerbert Dürr");
    expect(markdown).toContain("| Herbert Dürr | 63 | 16.6% |");
    expect(Math.max(...markdown.split("\n").map((line) => line.length))).toBeLessThan(2000);
  });

  it("keeps the lines of a code block split by <br> (v8-blog)", () => {
    expect(markdownOf("v8-blog")).toContain(
      "```\n// add.c\n#include <emscripten.h>\nEMSCRIPTEN_KEEPALIVE\nint add(int x, int y) {\n  return x + y;\n}\n```",
    );
  });
});
