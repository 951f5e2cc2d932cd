import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssues, joinProblems } from "./describe-issues.js";

function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to fail");
  return describeIssues({ issues: result.error.issues, input });
}

describe("describeIssues", () => {
  describe("when a value breaks a zod check", () => {
    it.each([
      [
        "an exclusive minimum",
        z.object({ n: z.number().positive() }),
        { n: 0 },
        "`n` must be > 0, got integer (0)",
      ],
      [
        "an exclusive maximum",
        z.object({ n: z.number().lt(5) }),
        { n: 5 },
        "`n` must be < 5, got integer (5)",
      ],
      [
        "an inclusive maximum",
        z.object({ n: z.number().max(5) }),
        { n: 6 },
        "`n` must be <= 5, got integer (6)",
      ],
      [
        "an exact length",
        z.object({ code: z.string().length(4) }),
        { code: "abc" },
        '`code` must have exactly 4 characters, got string ("abc")',
      ],
      [
        "a maximum length",
        z.object({ code: z.string().max(2) }),
        { code: "abc" },
        '`code` must have at most 2 characters, got string ("abc")',
      ],
      [
        "a minimum item count",
        z.object({ list: z.array(z.number()).nonempty() }),
        { list: [] },
        "`list` must have at least 1 items, got an array of 0",
      ],
      [
        "a multiple",
        z.object({ step: z.number().multipleOf(5) }),
        { step: 7 },
        "`step` must be a multiple of 5, got integer (7)",
      ],
      [
        "a regex",
        z.object({ id: z.string().regex(/^u-\d+$/) }),
        { id: "x" },
        '`id` must match the pattern /^u-\\d+$/, got string ("x")',
      ],
      [
        "a suffix",
        z.object({ file: z.string().endsWith(".ts") }),
        { file: "a.js" },
        '`file` must end with ".ts", got string ("a.js")',
      ],
      [
        "an infix",
        z.object({ file: z.string().includes("src/") }),
        { file: "lib/a" },
        '`file` must include "src/", got string ("lib/a")',
      ],
      [
        "a format",
        z.object({ id: z.uuid() }),
        { id: "nope" },
        '`id` must be a valid uuid, got string ("nope")',
      ],
      [
        "a single literal",
        z.object({ kind: z.literal("page") }),
        { kind: "post" },
        '`kind` must be "page", got string ("post")',
      ],
      [
        "a union",
        z.object({ v: z.union([z.string(), z.number()]) }),
        { v: true },
        "`v` does not match any allowed shape, got boolean (true)",
      ],
      [
        "a refinement with zod's default message",
        z.object({ n: z.number().refine((n) => n > 0) }),
        { n: -1 },
        "`n` is invalid, got integer (-1)",
      ],
      [
        "a refinement whose message is a sentence",
        z.object({ n: z.number().refine((n) => n > 0, "Positive numbers only") }),
        { n: -1 },
        "`n`: Positive numbers only, got integer (-1)",
      ],
      [
        "a nested array element",
        z.object({ rows: z.array(z.object({ id: z.int() })) }),
        { rows: [{ id: 1 }, { id: "2" }] },
        '`rows[1].id` must be number, got string ("2")',
      ],
      [
        "a record key",
        z.object({ env: z.record(z.string().regex(/^[A-Z]+$/), z.string()) }),
        { env: { lower: "x" } },
        'key "lower" of `env` is not allowed: it must match the pattern /^[A-Z]+$/',
      ],
    ])("describes %s", (_label, schema, input, expected) => {
      expect(problems(schema, input)).toEqual([expected]);
    });
  });

  describe("when a strict object gets unknown keys", () => {
    it("names each one with its path", () => {
      expect(
        problems(z.object({ o: z.strictObject({ a: z.string() }) }), { o: { a: "", b: 1, c: 2 } }),
      ).toEqual(["unexpected field `o.b`", "unexpected field `o.c`"]);
      expect(problems(z.strictObject({ a: z.string() }), { a: "", b: 1 })).toEqual(["unexpected field `b`"]);
    });
  });

  describe("when a field is missing", () => {
    it("says which and what it expected, without reading inherited properties", () => {
      expect(problems(z.object({ constructor: z.string() }), {})).toEqual([
        "missing required field `constructor` (expected string)",
      ]);
    });
  });
});

describe("joinProblems", () => {
  describe("when there are more than five problems", () => {
    it("lists five and counts the rest", () => {
      expect(joinProblems(["a", "b", "c", "d", "e", "f", "g"])).toBe("a; b; c; d; e; (and 2 more problems)");
    });
  });
  describe("when there are none", () => {
    it("says the arguments do not match", () => {
      expect(joinProblems([])).toBe("the arguments do not match the schema");
    });
  });
});
