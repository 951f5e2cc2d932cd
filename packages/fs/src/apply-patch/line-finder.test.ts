import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FileLines } from "./file-lines.js";
import { type FindOptions, LineFinder, type Pass } from "./line-finder.js";

const PASSES: ReadonlyArray<readonly [Pass, (l: string) => string]> = [
  ["exact", (l) => l],
  ["trailing", (l) => l.trimEnd()],
  ["surrounding", (l) => l.trim()],
];

/** The plain search the finder must agree with: every place, every pass, in order. */
function naive(lines: readonly string[], pattern: readonly string[], from: number, o: FindOptions) {
  const last = lines.length - pattern.length;
  for (const [pass, norm] of PASSES) {
    const at = (i: number) => pattern.every((p, k) => norm(lines[i + k] ?? "") === norm(p));
    if (o.atEnd && last >= from && at(last)) return { at: last, pass };
    const places: number[] = [];
    for (let i = from; i <= last; i++) if (at(i)) places.push(i);
    if (places.length === 0) continue;
    if (o.hint === undefined) return { at: places[0], pass };
    const h = Math.min(Math.max(o.hint, from), Math.max(last, from));
    const best = places.reduce((a, b) => (Math.abs(b - h) < Math.abs(a - h) ? b : a));
    return { at: best, pass };
  }
  return undefined;
}

const line = fc.constantFrom("", "a", "b", " a", "a ", "}", "x y");

describe("LineFinder", () => {
  describe("when files and patterns repeat lines", () => {
    it("finds what a plain search of every place finds, with and without a hint", () => {
      fc.assert(
        fc.property(
          // Long enough that the index, not only the scan near the start, is used.
          fc.array(line, { minLength: 0, maxLength: 700 }),
          fc.array(line, { minLength: 1, maxLength: 4 }),
          fc.nat(),
          fc.option(fc.nat(), { nil: undefined }),
          fc.boolean(),
          (lines, pattern, fromSeed, hint, atEnd) => {
            const from = fromSeed % (lines.length + 1);
            const options = { atEnd, ...(hint === undefined ? {} : { hint: hint % (lines.length + 1) }) };
            const finder = new LineFinder(new FileLines(lines.map((l) => `${l}\n`).join("")));
            expect(finder.find(pattern, from, options)).toEqual(naive(lines, pattern, from, options));
          },
        ),
        { numRuns: 500 },
      );
    });
  });

  describe("when the match lies far from the start", () => {
    it("finds it through the index, in each pass", () => {
      const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
      const finder = new LineFinder(new FileLines(`${lines.join("\n")}\n`));
      expect(finder.find(["line 4000", "line 4001"], 0)).toEqual({ at: 4000, pass: "exact" });
      expect(finder.find(["line 4000  ", "line 4001"], 0)).toEqual({ at: 4000, pass: "trailing" });
      expect(finder.find(["  line 4000", "line 4001"], 0)).toEqual({ at: 4000, pass: "surrounding" });
      expect(finder.find(["line 4000"], 4001)).toBeUndefined();
      expect(finder.find(["line 10", "line 4001"], 0)).toBeUndefined();
    });
  });
});
