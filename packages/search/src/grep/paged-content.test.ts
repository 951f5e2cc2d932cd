import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byPath } from "../glob/sort-matches.js";
import { firstByPath } from "./paged-content.js";

/** The selection by a full sort: what firstByPath must give. */
function bySort(files: Array<{ path: string; count: number }>, pageEnd: number | undefined): string[] {
  const sorted = [...files].sort((a, b) => byPath(a.path, b.path));
  const chosen: string[] = [];
  let lines = 0;
  for (const file of sorted) {
    if (pageEnd !== undefined && lines >= pageEnd) break;
    chosen.push(file.path);
    lines += file.count;
  }
  return chosen;
}

describe("firstByPath", () => {
  it("picks the files a full sort by path picks, in that order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ path: fc.string({ maxLength: 6 }), count: fc.integer({ min: 1, max: 9 }) }),
          {
            selector: (f) => f.path,
            maxLength: 80,
          },
        ),
        fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
        (files, pageEnd) => {
          expect(firstByPath(files, pageEnd)).toEqual(bySort(files, pageEnd));
        },
      ),
      { numRuns: 500 },
    );
  });
});
