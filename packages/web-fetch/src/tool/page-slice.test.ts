import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageNote, pageSlice } from "./page-slice.js";

/** Every page from offset 0, following each page's end. */
function allPages(text: string, maxChars: number): string[] {
  if (text === "") return [pageSlice(text, 0, maxChars).text];
  const pages: string[] = [];
  let offset = 0;
  do {
    const page = pageSlice(text, offset, maxChars);
    pages.push(page.text);
    if (page.end <= offset) throw new Error("no progress");
    offset = page.end;
  } while (offset < text.length);
  return pages;
}

describe("pageSlice", () => {
  describe("for any text and page size", () => {
    it("joins back into the text exactly, no page over max_chars unless one pair needs it, no pair split", () => {
      const text = fc.string({ unit: fc.constantFrom("a", "é", "\n", "🙂", "𝔘", " ", "|"), maxLength: 400 });
      fc.assert(
        fc.property(text, fc.integer({ min: 1, max: 50 }), (s, maxChars) => {
          const pages = allPages(s, maxChars);
          expect(pages.join("")).toBe(s);
          for (const page of pages) {
            expect(page.length <= Math.max(maxChars, 2)).toBe(true);
            expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(page)).toBe(false);
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("when the offset is past the end", () => {
    it("throws InvalidInput naming the length", () => {
      expect(() => pageSlice("abc", 3, 10)).toThrow("`offset` 3 is past the end: the page has 3 characters");
    });

    it("accepts offset 0 of an empty text", () => {
      expect(pageSlice("", 0, 10)).toEqual({ text: "", start: 0, end: 0, total: 0 });
    });
  });
});

describe("pageNote", () => {
  it.each([
    [
      { text: "", start: 0, end: 20000, total: 84113 },
      "[Showing characters 1-20000 of 84113. Pass offset: 20000 for the next page.]",
    ],
    [
      { text: "", start: 80000, end: 84113, total: 84113 },
      "[Showing characters 80001-84113 of 84113. This is the last page.]",
    ],
    [{ text: "", start: 0, end: 10, total: 10 }, undefined],
  ])("says %j", (slice, note) => {
    expect(pageNote(slice)).toBe(note);
  });
});
