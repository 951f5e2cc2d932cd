import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { FnTool } from "../tool/fn-tool.js";
import { checkInputShape, MAX_INPUT_DEPTH } from "./input-shape.js";

function nested(levels: number): unknown {
  let value: unknown = "end";
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { "a b": value } : [value];
  return value;
}

function messageOf(input: unknown): string | undefined {
  try {
    checkInputShape(input);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("checkInputShape", () => {
  describe("when the input can be walked", () => {
    it.each([
      ["a primitive", 3],
      ["null", null],
      ["an empty object", {}],
      ["JSON 256 levels deep", nested(MAX_INPUT_DEPTH)],
      ["a Date and a Map", { when: new Date(0), map: new Map([[1, 2]]) }],
    ])("accepts %s", (_what, input) => {
      expect(messageOf(input)).toBeUndefined();
    });

    it("accepts any JSON value nested as deep as fast-check makes it", () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 20 }), (value) => {
          expect(messageOf({ value })).toBeUndefined();
        }),
      );
    });
  });

  describe("when the input cannot be walked", () => {
    it("names the path of input one level too deep, quoting keys that are not names", () => {
      expect(messageOf(nested(MAX_INPUT_DEPTH + 1))).toBe(
        'Invalid input: the input is nested more than 256 levels deep, at `["a b"][0]["a b"][0]["a b"][0]…["a b"][0]["a b"][0]["a b"][0]` (256 keys); send it with at most 256 levels of objects and arrays',
      );
    });

    it("names a cycle through the input itself", () => {
      const input: Record<string, unknown> = {};
      input.me = input;
      expect(messageOf(input)).toBe(
        "Invalid input: `me` is the input itself again (the input has a cycle); send data without references back to itself",
      );
    });

    it("reports what a getter throws, and walks again afterwards", () => {
      const input = {
        get bad(): unknown {
          throw new Error("no reading");
        },
      };
      expect(messageOf({ x: [input] })).toBe("no reading");
      expect(messageOf({ x: [{}] })).toBeUndefined();
    });

    it("walks input whose getter checks another input meanwhile", () => {
      const inner: Record<string, unknown> = {};
      inner.loop = inner;
      let innerMessage: string | undefined;
      const outer = {
        get nested(): unknown {
          innerMessage = messageOf({ inner });
          return { fine: [1] };
        },
      };
      expect(messageOf({ outer })).toBeUndefined();
      expect(innerMessage).toMatch(/`inner.loop` is `inner` again/);
    });
  });

  describe("when a shared part is reached at two depths", () => {
    const chain = (levels: number, end: unknown) => {
      let value = end;
      for (let i = 0; i < levels; i++) value = { c: value };
      return value;
    };
    it.each([
      ["first shallow, then deep", (x: unknown) => ({ a: x, b: chain(250, x) })],
      ["first deep, then shallow", (x: unknown) => ({ a: chain(250, x), b: x })],
    ])("measures it at the deeper one (%s)", (_order, build) => {
      expect(messageOf(build(chain(10, 1)))).toMatch(/nested more than 256 levels deep/);
      expect(messageOf(build(chain(4, 1)))).toBeUndefined();
    });
  });

  describe("when the input is a random graph of up to 60 objects", () => {
    it("refuses it exactly when it has a cycle, however much is shared", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 60 }),
          fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 150 }),
          fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
          (size, edges, back) => {
            const nodes = Array.from(
              { length: size },
              (_, i) => (i % 3 === 0 ? [] : {}) as unknown[] | Record<string, unknown>,
            );
            const link = (from: number, to: number, name: string) => {
              const node = nodes[from] as unknown[] | Record<string, unknown>;
              if (Array.isArray(node)) node.push(nodes[to]);
              else node[name] = nodes[to];
            };
            // Edges only from a lower index to a higher one: shared, never cyclic.
            edges.forEach(([a, b], k) => {
              const [from, to] = [a % size, b % size].sort((x, y) => x - y) as [number, number];
              if (from !== to) link(from, to, `e${k}`);
            });
            if (back !== undefined) {
              const [a, b] = [back[0] % size, back[1] % size].sort((x, y) => x - y) as [number, number];
              link(b, a, "back");
            }
            const message = messageOf(nodes[0]);
            if (hasCycleFrom(nodes[0])) expect(message).toMatch(/again \(the input has a cycle\)/);
            else expect(message).toBeUndefined();
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe("when a tool is called directly", () => {
    it("answers InvalidInput without running it", async () => {
      const ran: unknown[] = [];
      const tool = new FnTool("t", "Records.", { type: "object" }, (input) => {
        ran.push(input);
        return "ran";
      });
      const ctx = createToolContext();
      const loop: unknown[] = [];
      loop.push(loop);
      const output = await tool.call({ loop }, ctx);
      expect(output.textContent()).toMatch(/^Invalid input: `loop\[0\]` is `loop` again/);
      expect((await tool.call({ deep: nested(100_000) }, ctx)).textContent()).toMatch(/nested more than 256/);
      expect(ran).toEqual([]);
    });
  });
});

/** A cycle reachable from `root`, by the textbook three-colour depth-first search. */
function hasCycleFrom(root: unknown): boolean {
  const state = new Map<object, "open" | "done">();
  const visit = (value: unknown): boolean => {
    if (typeof value !== "object" || value === null) return false;
    const seen = state.get(value);
    if (seen === "open") return true;
    if (seen === "done") return false;
    state.set(value, "open");
    for (const child of Object.values(value)) if (visit(child)) return true;
    state.set(value, "done");
    return false;
  };
  return visit(root);
}
