import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CrCollapser } from "./cr-collapser.js";

function collapse(chunks: readonly string[], options?: { maxLineBytes: number }): string {
  const c = new CrCollapser(options);
  const out = chunks.map((chunk) => c.push(Buffer.from(chunk)));
  return Buffer.concat([...out, c.end()]).toString();
}

describe("CrCollapser", () => {
  describe("when a line is rewritten with carriage returns", () => {
    it.each([
      [["10%\r20%\r100%\n"], "100%\n"],
      [["a\rb\nc\n"], "b\nc\n"],
      [["dos\r\nline\r\n"], "dos\nline\n"],
      [["progress 1\rprogress 2\r"], "progress 2"],
      [["no newline"], "no newline"],
      [["x\r", "\n"], "x\n"],
      [["x\r", "y\n"], "y\n"],
      [["1%\r50%", "\r100%\n"], "100%\n"],
    ])("turns %j into %j", (chunks, expected) => {
      expect(collapse(chunks)).toBe(expected);
    });
  });

  describe("when the input is split into arbitrary chunks", () => {
    it("gives the same result as one chunk", () => {
      const text = fc.stringMatching(/^[ab\r\n]{0,40}$/);
      fc.assert(
        fc.property(text, fc.array(fc.nat(40), { maxLength: 5 }), (input, cuts) => {
          const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let last = 0;
          for (const p of points) {
            chunks.push(input.slice(last, p));
            last = p;
          }
          chunks.push(input.slice(last));
          expect(collapse(chunks)).toBe(collapse([input]));
        }),
      );
    });
  });

  describe("when a line grows past maxLineBytes", () => {
    it("passes it on instead of holding it", () => {
      const c = new CrCollapser({ maxLineBytes: 8 });
      expect(c.push(Buffer.from("0123456789")).toString()).toBe("0123456789");
      expect(c.end().toString()).toBe("");
    });
  });
});
