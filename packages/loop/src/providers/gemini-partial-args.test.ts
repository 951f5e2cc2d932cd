import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PartialArgs, parseJsonPath } from "./gemini-partial-args.js";

type Leaf = string | number | boolean | null;
const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);
const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc.string(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const tree = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.dictionary(key, tie("node"), { minKeys: 1, maxKeys: 3 }),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }),
  ),
})).node;

/** Every leaf of a value with its JSONPath, in order, as Gemini streams them. */
function leaves(value: unknown, path = "$"): Array<[string, Leaf]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}['${k}']`));
  return [[path, value as Leaf]];
}

function entry(jsonPath: string, value: Leaf, willContinue = false) {
  const typed =
    typeof value === "string"
      ? { stringValue: value }
      : typeof value === "number"
        ? { numberValue: value }
        : typeof value === "boolean"
          ? { boolValue: value }
          : { nullValue: "NULL_VALUE" };
  return { jsonPath, ...typed, ...(willContinue ? { willContinue: true } : {}) };
}

describe("PartialArgs", () => {
  it("rebuilds any arguments object from its leaves, strings split across pieces", () => {
    fc.assert(
      fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 4 }), fc.nat(5), (args, cut) => {
        const partial = new PartialArgs(undefined);
        for (const [path, value] of leaves(args)) {
          if (typeof value === "string" && value.length > 1) {
            const at = 1 + (cut % (value.length - 1));
            partial.apply([entry(path, value.slice(0, at), true)], "part");
            partial.apply([entry(path, value.slice(at))], "part");
          } else {
            partial.apply([entry(path, value)], "part");
          }
        }
        expect(partial.args).toEqual(args);
      }),
    );
  });

  it("keeps __proto__ as a key, as JSON.parse does", () => {
    const partial = new PartialArgs(undefined);
    partial.apply([{ jsonPath: "$['__proto__'].polluted", boolValue: true }], "part");
    expect(Object.keys(partial.args)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(partial.args)).toBe('{"__proto__":{"polluted":true}}');
  });

  it.each([["$..x"], ["$.*"], ["$[?(@.a)]"], ["x.y"], ["$"], ["$[0:2]"]])("refuses the path %s", (path) => {
    expect(() => parseJsonPath(path, "p")).toThrow(/^p: /);
  });

  it("refuses an entry with no value", () => {
    expect(() => new PartialArgs(undefined).apply([{ jsonPath: "$.a" }], "part")).toThrow(
      "part.partialArgs[0] has no stringValue, numberValue, boolValue or nullValue",
    );
  });
});
