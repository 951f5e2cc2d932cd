import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FileLines } from "./file-lines.js";

const cut = (text: string) => {
  const f = new FileLines(text);
  return Array.from({ length: f.length }, (_, i) => [f.line(i), f.end(i)]);
};

describe("FileLines", () => {
  describe("when a text mixes line ends", () => {
    it("cuts at CRLF, a lone CR and LF, keeping each line's end", () => {
      expect(cut("one\r\ntwo\rthree\nfour")).toEqual([
        ["one", "\r\n"],
        ["two", "\r"],
        ["three", "\n"],
        ["four", ""],
      ]);
      expect(cut("")).toEqual([]);
      expect(cut("\n\r\n\r")).toEqual([
        ["", "\n"],
        ["", "\r\n"],
        ["", "\r"],
      ]);
    });

    it("gives new lines the most common end, the first line's on a tie, LF without any", () => {
      expect(new FileLines("one\r\ntwo\rthree\nfour\r\n").usualEnd()).toBe("\r\n");
      expect(new FileLines("a\rb\n").usualEnd()).toBe("\r");
      expect(new FileLines("a\nb\rc\r").usualEnd()).toBe("\r");
      expect(new FileLines("no end").usualEnd()).toBe("\n");
    });

    it("compares a line in place", () => {
      const f = new FileLines("ab\r\nabc\n");
      expect([f.is(0, "ab"), f.is(0, "ab\r"), f.is(1, "ab"), f.is(1, "abc")]).toEqual([
        true,
        false,
        false,
        true,
      ]);
    });
  });

  describe("when a text is any mix of characters and line ends", () => {
    // Texts with only `\n` take the fast path (found by indexOf), others the character scan.
    it("cuts it as a plain scan does", () => {
      const reference = (text: string) => {
        const out: [string, string][] = [];
        let line = "";
        for (let i = 0; i < text.length; i++) {
          const c = text[i] ?? "";
          if (c !== "\n" && c !== "\r") {
            line += c;
            continue;
          }
          const end = c === "\r" && text[i + 1] === "\n" ? "\r\n" : c;
          if (end === "\r\n") i++;
          out.push([line, end]);
          line = "";
        }
        if (line !== "") out.push([line, ""]);
        return out;
      };
      const piece = fc.constantFrom("a", "bc", " ", "\n", "\n", "\r", "\r\n", "é");
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
          const text = parts.join("");
          expect(cut(text)).toEqual(reference(text));
        }),
        { numRuns: 300 },
      );
    });
  });
});
