import { FnTool, MAX_INPUT_DEPTH, type Tool, toolErrorOf } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DispatchOptions, dispatch } from "./dispatch.js";
import { ToolRegistry } from "../registry/tool-registry.js";

/** Every way dispatch can be asked to run a call. */
const MODES: ReadonlyArray<readonly [string, DispatchOptions]> = [
  ["sequential", {}],
  ["parallel", { mode: "parallel" }],
  ["validate: false", { validate: false }],
  ["strict", { strict: true }],
  ["parallel strict without validation", { mode: "parallel", strict: true, validate: false }],
];

/** Nests `{ a: ... }` `levels` times around `inner`. */
function nested(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function setup() {
  const ran: unknown[] = [];
  const open = new FnTool("open", "Records its input.", { type: "object" }, (input) => {
    ran.push(input);
    return "ran";
  });
  // A tool whose normalizeInput walks the input recursively, as a rebuilding normalizer would.
  const copy = (value: unknown): unknown =>
    typeof value === "object" && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value;
  const normalizing: Tool = Object.assign(
    new FnTool("normalizing", "Copies its input first.", { type: "object" }, (input) => {
      ran.push(input);
      return "ran";
    }),
    { normalizeInput: copy },
  );
  const registry = new ToolRegistry({ logger: { warn() {} } });
  registry.register(open);
  registry.register(normalizing);
  return { ran, registry };
}

async function answer(input: unknown, options: DispatchOptions, name = "open") {
  const { ran, registry } = setup();
  const [result] = await dispatch(registry, [{ id: "1", name, input }], options);
  if (result === undefined) throw new Error("no result");
  return { output: result.output, ran };
}

describe("dispatch", () => {
  describe.each(MODES)("when input cannot be walked (%s)", (_mode, options) => {
    it.each(["open", "normalizing"])("refuses input nested 100,000 deep without running %s", async (name) => {
      const { output, ran } = await answer({ x: nested(100_000) }, options, name);
      expect(output.isError).toBe(true);
      expect(toolErrorOf(output)?.kind ?? "InvalidInput").toBe("InvalidInput");
      expect(output.textContent()).toMatch(
        /^Invalid input: the input is nested more than 256 levels deep, at `x\.a\.a\.a\.a\.a….a\.a\.a\.a\.a\.a` \(256 keys\)/,
      );
      expect(ran).toEqual([]);
    });

    it.each(["open", "normalizing"])(
      "refuses a cycle without running %s, naming where it closes",
      async (name) => {
        const loop: Record<string, unknown> = { n: 1 };
        loop.next = { back: [0, loop] };
        const { output, ran } = await answer({ list: [loop] }, options, name);
        expect(output.textContent()).toMatch(
          /^Invalid input: `list\[0\]\.next\.back\[1\]` is `list\[0\]` again \(the input has a cycle\)/,
        );
        expect(ran).toEqual([]);
      },
    );

    it("passes an object shared by two fields on to validation", async () => {
      const shared = { deep: nested(10) };
      const { output, ran } = await answer({ one: shared, two: [shared, shared] }, options);
      // The strict schema shown to the model admits no extra fields; otherwise the tool runs.
      if (options.strict === true && options.validate !== false) {
        expect(output.textContent()).toMatch(/^Invalid input: unexpected field `one`/);
      } else {
        expect(output.textContent()).toBe("ran");
        expect(ran).toHaveLength(1);
      }
    });
  });

  describe("when input is exactly as deep as allowed", () => {
    it("runs the tool at 256 levels and refuses 257", async () => {
      expect(MAX_INPUT_DEPTH).toBe(256);
      expect((await answer(nested(256), {})).output.textContent()).toBe("ran");
      expect((await answer(nested(257), {})).output.textContent()).toMatch(/nested more than 256 levels/);
      expect((await answer(nested(256, []), {})).output.textContent()).toMatch(/nested more than 256 levels/);
    });
  });

  describe("when input is any JSON", () => {
    it("refuses it exactly when it is nested deeper than 256 levels", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
          fc.integer({ min: 200, max: 300 }),
          fc.constantFrom(...MODES.filter(([, o]) => o.strict !== true)),
          async (json, levels, [, options]) => {
            const input = { ...json, deep: nested(levels - 1) };
            const depth = depthOf(input);
            const { output, ran } = await answer(input, options);
            if (depth > 256) {
              expect(output.textContent()).toMatch(
                /^Invalid input: the input is nested more than 256 levels deep/,
              );
              expect(ran).toEqual([]);
            } else {
              expect(output.textContent()).toBe("ran");
            }
          },
        ),
        { numRuns: 60 },
      );
    });

    it("refuses it whenever a reference back to an ancestor is planted, and accepts a shared copy", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom("a", "b", "0"), { minLength: 1, maxLength: 12 }),
          fc.nat(),
          fc.boolean(),
          async (keys, pick, cyclic) => {
            const root: Record<string, unknown> = {};
            const chain: Record<string, unknown>[] = [root];
            for (const key of keys) {
              const next: Record<string, unknown> = {};
              (chain.at(-1) as Record<string, unknown>)[key] = next;
              chain.push(next);
            }
            const target = chain[pick % chain.length] as Record<string, unknown>;
            // A back edge makes a cycle; the same object under a sibling of the root is only shared.
            if (cyclic) (chain.at(-1) as Record<string, unknown>).back = target;
            else root.sibling = chain.at(-1);
            const { output, ran } = await answer(root, {});
            if (cyclic) {
              expect(output.textContent()).toMatch(/again \(the input has a cycle\)/);
              expect(ran).toEqual([]);
            } else {
              expect(output.textContent()).toBe("ran");
            }
          },
        ),
        { numRuns: 100 },
      );
    });
  });

  describe("when an acyclic input shares its parts at every level", () => {
    it("answers at once instead of walking every path", async () => {
      let value: unknown = 1;
      for (let i = 0; i < 200; i++) value = i % 2 === 0 ? [value, value] : { a: value, b: value };
      const { output } = await answer({ value }, {});
      expect(output.textContent()).toBe("ran");
    });
  });
});

function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}
