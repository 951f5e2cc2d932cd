import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./diagnostic.js";
import { newDiagnostics } from "./new-diagnostics.js";

const d = (line: number, code: string, message = "m", path = "/p/a.ts"): Diagnostic => ({
  path,
  line,
  column: 1,
  severity: "error",
  code,
  message,
});

describe("newDiagnostics", () => {
  describe("when lines moved above an old error", () => {
    it("does not count the moved error as new", () => {
      expect(newDiagnostics([d(3, "TS1")], [d(5, "TS1"), d(7, "TS2")])).toEqual([d(7, "TS2")]);
    });
  });

  describe("when the same error appears more often", () => {
    it("reports the extra ones, counted", () => {
      expect(newDiagnostics([d(1, "TS1")], [d(1, "TS1"), d(4, "TS1"), d(9, "TS1")])).toEqual([
        d(4, "TS1"),
        d(9, "TS1"),
      ]);
    });
  });

  describe("when the same message is in another file", () => {
    it("is new", () => {
      expect(newDiagnostics([d(1, "TS1")], [d(1, "TS1", "m", "/p/b.ts")])).toEqual([
        d(1, "TS1", "m", "/p/b.ts"),
      ]);
    });
  });

  it("never reports more than after holds, and nothing when after is before", () => {
    const diag: fc.Arbitrary<Diagnostic> = fc.record({
      path: fc.constantFrom("/p/a.ts", "/p/b.ts"),
      line: fc.integer({ min: 1, max: 50 }),
      column: fc.integer({ min: 1, max: 9 }),
      severity: fc.constantFrom("error" as const, "warning" as const),
      code: fc.constantFrom("TS1", "TS2", ""),
      message: fc.constantFrom("x", "y"),
    });
    fc.assert(
      fc.property(fc.array(diag), fc.array(diag), (before, after) => {
        const fresh = newDiagnostics(before, after);
        expect(fresh.length).toBeGreaterThanOrEqual(after.length - before.length);
        expect(fresh.every((f) => after.includes(f))).toBe(true);
        expect(newDiagnostics(after, after)).toEqual([]);
      }),
    );
  });
});
