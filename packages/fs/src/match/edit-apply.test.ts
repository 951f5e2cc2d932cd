import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits } from "./edit-apply.js";

describe("applyEdits", () => {
  describe("when old_string occurs once", () => {
    it("replaces it and reports its line", () => {
      const r = applyEdits({ text: "a\nb\nc\n", edits: [{ oldString: "b", newString: "B" }] });
      expect(r).toEqual({
        ok: true,
        text: "a\nB\nc\n",
        applied: [{ index: 0, replacements: 1, line: 2, tolerant: false }],
      });
    });
  });
  describe("when old_string occurs several times", () => {
    it("fails with every line number unless replaceAll", () => {
      const r = applyEdits({ text: "x\ny\nx\nx\n", edits: [{ oldString: "x", newString: "z" }] });
      expect(r).toEqual({ ok: false, index: 0, failure: { kind: "ambiguous", count: 3, lines: [1, 3, 4] } });
    });
    it("replaces all of them with replaceAll", () => {
      const r = applyEdits({
        text: "x\ny\nx\n",
        edits: [{ oldString: "x", newString: "zz", replaceAll: true }],
      });
      expect(r.ok && r.text).toBe("zz\ny\nzz\n");
      expect(r.ok && r.applied[0]?.replacements).toBe(2);
    });
  });
  describe("when edits are chained", () => {
    it("applies each to the result of the previous one", () => {
      const r = applyEdits({
        text: "alpha",
        edits: [
          { oldString: "alpha", newString: "beta" },
          { oldString: "beta", newString: "gamma" },
        ],
      });
      expect(r.ok && r.text).toBe("gamma");
    });
    it("stops at the first failure and names its index", () => {
      const r = applyEdits({
        text: "one two",
        edits: [
          { oldString: "one", newString: "1" },
          { oldString: "three", newString: "3" },
          { oldString: "two", newString: "2" },
        ],
      });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.index).toBe(1);
    });
  });
  describe("when the text mixes line endings", () => {
    it("matches LF text against CRLF lines and writes CRLF there", () => {
      const r = applyEdits({ text: "a\r\nb\r\nc\nd\n", edits: [{ oldString: "a\nb", newString: "x\ny" }] });
      expect(r.ok && r.text).toBe("x\r\ny\r\nc\nd\n");
    });
    it("keeps LF text where the file has LF", () => {
      const r = applyEdits({ text: "a\r\nb\r\nc\nd\n", edits: [{ oldString: "c\nd", newString: "e\nf" }] });
      expect(r.ok && r.text).toBe("a\r\nb\r\ne\nf\n");
    });
  });
  describe("when the edit is degenerate", () => {
    it("refuses an empty oldString by default", () => {
      expect(applyEdits({ text: "a", edits: [{ oldString: "", newString: "b" }] })).toMatchObject({
        ok: false,
        failure: { kind: "empty-old" },
      });
    });
    it("appends for an empty oldString in append mode", () => {
      const r = applyEdits({ text: "a\n", edits: [{ oldString: "", newString: "b\n" }], emptyOld: "append" });
      expect(r.ok && r.text).toBe("a\nb\n");
    });
    it("refuses identical old and new strings", () => {
      expect(applyEdits({ text: "a", edits: [{ oldString: "a", newString: "a" }] })).toMatchObject({
        ok: false,
        failure: { kind: "no-op" },
      });
    });
  });
  describe("when matching is tolerant", () => {
    const text = "function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n";
    it("matches lines whose indentation differs and re-indents the new text", () => {
      const r = applyEdits({
        text,
        matching: "tolerant",
        edits: [{ oldString: "  if (x) {\n    return 1;\n  }", newString: "  if (y) {\n    return 2;\n  }" }],
      });
      expect(r).toEqual({
        ok: true,
        text: "function f() {\n\tif (y) {\n\t  return 2;\n\t}\n}\n",
        applied: [{ index: 0, replacements: 1, line: 2, tolerant: true }],
      });
    });
    it("still fails on exact matching", () => {
      const r = applyEdits({ text, edits: [{ oldString: "  if (x) {\n    return 1;", newString: "" }] });
      expect(r).toMatchObject({ ok: false, failure: { kind: "not-found" } });
    });
    it("refuses when several regions match loosely", () => {
      const twice = applyEdits({
        text: "  a;\n\ta;\n",
        matching: "tolerant",
        edits: [{ oldString: " a; ", newString: "c" }],
      });
      expect(twice).toEqual({ ok: false, index: 0, failure: { kind: "tolerant-ambiguous", count: 2 } });
    });
  });
  describe("when the edits are arbitrary", () => {
    it("either applies every edit or reports one failing index, never a partial text", () => {
      const word = fc.constantFrom("a", "b", "ab", "\n", "é", " ");
      const edit = fc.record({ oldString: word, newString: word, replaceAll: fc.boolean() });
      fc.assert(
        fc.property(
          fc.array(word, { maxLength: 20 }),
          fc.array(edit, { minLength: 1, maxLength: 5 }),
          (parts, edits) => {
            const text = parts.join("");
            const r = applyEdits({ text, edits });
            if (!r.ok) {
              expect(r.index).toBeGreaterThanOrEqual(0);
              expect(r.index).toBeLessThan(edits.length);
              return;
            }
            let expected = text;
            for (const e of edits) {
              expected = e.replaceAll
                ? expected.split(e.oldString).join(e.newString)
                : expected.replace(e.oldString, () => e.newString);
            }
            expect(r.text).toBe(expected);
            expect(r.applied).toHaveLength(edits.length);
          },
        ),
      );
    });
  });
});
