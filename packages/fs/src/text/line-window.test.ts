import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineWindow, type LineWindowOptions } from "./line-window.js";

function scan(text: string, options: Partial<LineWindowOptions> = {}, chunkBytes = 4) {
  const w = new LineWindow({ offset: 1, limit: 1000, maxLineChars: 2000, maxBytes: 1 << 20, ...options });
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunkBytes) w.push(bytes.subarray(at, at + chunkBytes));
  return w.finish();
}

describe("LineWindow", () => {
  describe("when counting lines", () => {
    it.each([
      ["", 0],
      ["\n", 1],
      ["a", 1],
      ["a\n", 1],
      ["a\nb", 2],
      ["a\r\nb\r\n", 2],
    ])("counts %j as %i lines", (text, total) => {
      expect(scan(text).total).toBe(total);
    });
  });
  describe("when a window is asked for", () => {
    it("keeps only its lines, numbered from 1, without CR", () => {
      const r = scan("one\r\ntwo\r\nthree\r\nfour", { offset: 2, limit: 2 });
      expect(r.lines).toEqual([
        { number: 2, text: "two" },
        { number: 3, text: "three" },
      ]);
      expect(r.total).toBe(4);
    });
    it("keeps an unterminated last line", () => {
      expect(scan("a\nlast", { offset: 2 }).lines).toEqual([{ number: 2, text: "last" }]);
    });
  });
  describe("when told not to count past the window", () => {
    it("stops at the window's end and says whether bytes were left", () => {
      const w = new LineWindow({ offset: 2, limit: 1, maxLineChars: 2000, maxBytes: 1 << 20 });
      w.push(Buffer.from("a\nb\nc\n"), false);
      expect(w.done).toBe(true);
      expect(w.leftover).toBe(true);
      expect(w.finish(false)).toEqual({
        lines: [{ number: 2, text: "b" }],
        total: 2,
        capped: false,
        complete: false,
      });
    });
  });
  describe("when a line is longer than maxLineChars", () => {
    it("cuts it and records its full byte length", () => {
      const r = scan(`${"é".repeat(10)}\nshort\n`, { maxLineChars: 5 });
      expect(r.lines[0]).toEqual({ number: 1, text: "ééééé", cutFromBytes: 20 });
      expect(r.lines[1]).toEqual({ number: 2, text: "short" });
    });
  });
  describe("when the kept text passes maxBytes", () => {
    it("stops keeping lines but still counts them all", () => {
      const r = scan("aaaa\nbbbb\ncccc\ndddd\n", { maxBytes: 25, overheadBytes: 8 });
      expect(r.lines.map((l) => l.text)).toEqual(["aaaa", "bbbb"]);
      expect(r.capped).toBe(true);
      expect(r.total).toBe(4);
    });
  });
  describe("when the same text arrives in any chunking", () => {
    it("finds what splitting the whole text finds", () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom("a", "é", "😀", "\n", "\r\n", " ", "\t"), { maxLength: 80 }),
          fc.integer({ min: 1, max: 9 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 12 }),
          (pieces, chunk, offset, limit) => {
            const text = pieces.join("");
            const all = text === "" ? [] : text.replace(/\n$/, "").split("\n");
            const r = scan(text, { offset, limit }, chunk);
            expect(r.total).toBe(all.length);
            const want = all.slice(offset - 1, offset - 1 + limit).map((t, i) => ({
              number: offset + i,
              text: t.endsWith("\r") ? t.slice(0, -1) : t,
            }));
            expect(r.lines).toEqual(want);
          },
        ),
      );
    });
  });
});
