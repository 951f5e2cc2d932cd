import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTextEdits } from "./apply-text-edits.js";

const at = (line: number, character: number) => ({ line, character });

describe("applyTextEdits", () => {
  it("applies edits against the original text, in any order", () => {
    const text = "let add = 1;\nadd + add;\n";
    const edits = [
      { range: { start: at(1, 6), end: at(1, 9) }, newText: "sum" },
      { range: { start: at(0, 4), end: at(0, 7) }, newText: "sum" },
      { range: { start: at(1, 0), end: at(1, 3) }, newText: "sum" },
    ];
    expect(applyTextEdits(text, edits)).toEqual({ ok: true, text: "let sum = 1;\nsum + sum;\n" });
  });

  it("counts columns in UTF-16 units and keeps CRLF", () => {
    expect(
      applyTextEdits("é😀x\r\ny", [{ range: { start: at(0, 3), end: at(0, 4) }, newText: "z" }]),
    ).toEqual({
      ok: true,
      text: "é😀z\r\ny",
    });
  });

  it.each([
    ["a line past the end", { start: at(5, 0), end: at(5, 1) }],
    ["a column past the line", { start: at(0, 9), end: at(0, 10) }],
    ["an end before the start", { start: at(0, 2), end: at(0, 1) }],
  ])("refuses %s", (_name, range) => {
    expect(applyTextEdits("abc\n", [{ range, newText: "x" }])).toEqual({
      ok: false,
      reason: "edit 1 has a range outside the file",
    });
  });

  it("refuses overlapping edits", () => {
    const edits = [
      { range: { start: at(0, 0), end: at(0, 2) }, newText: "x" },
      { range: { start: at(0, 1), end: at(0, 3) }, newText: "y" },
    ];
    expect(applyTextEdits("abc", edits)).toEqual({ ok: false, reason: "two edits overlap" });
  });

  it("an empty edit list leaves any text as is", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(applyTextEdits(text, [])).toEqual({ ok: true, text });
      }),
    );
  });

  it("replacing one line's text by itself changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !s.includes("\n")),
          { minLength: 1 },
        ),
        fc.nat(),
        (lines, n) => {
          const text = lines.join("\n");
          const i = n % lines.length;
          const line = lines[i] as string;
          const edit = { range: { start: at(i, 0), end: at(i, line.length) }, newText: line };
          expect(applyTextEdits(text, [edit])).toEqual({ ok: true, text });
        },
      ),
    );
  });
});
