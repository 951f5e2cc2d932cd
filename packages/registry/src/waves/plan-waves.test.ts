import { echoTool } from "@toolkit/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planWaves } from "./plan-waves.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const registry = new ToolRegistry();
registry.register(echoTool("safe", { safe: true }));
registry.register(echoTool("unsafe"));
registry.register(echoTool("keyed", { safe: true, key: (i) => (typeof i.v === "string" ? i.v : undefined) }));
registry.register(echoTool("write", { key: (i) => (typeof i.v === "string" ? i.v : undefined) }));
registry.register(
  echoTool("throws", {
    safe: true,
    key: () => {
      throw new Error("broken key");
    },
  }),
);

const c = (name: string, v?: unknown) => ({ name, input: { v } });

describe("planWaves", () => {
  describe("when safe and unsafe calls mix", () => {
    it("keeps a call behind an earlier unsafe call without a key, which conflicts with every call", () => {
      expect(planWaves([c("safe"), c("unsafe"), c("safe")], registry)).toEqual([[0], [1], [2]]);
      expect(planWaves([c("keyed", "b"), c("unsafe"), c("keyed", "c")], registry)).toEqual([[0], [1], [2]]);
    });
    it("gives unknown tools a wave of their own, which nothing after them overtakes", () => {
      expect(planWaves([c("safe"), c("nope"), c("safe")], registry)).toEqual([[0], [1], [2]]);
    });
    it("lets a call join an earlier wave past an unsafe call it does not conflict with", () => {
      // [Read b, Edit a, Read c]
      expect(planWaves([c("keyed", "b"), c("write", "a"), c("keyed", "c")], registry)).toEqual([[0, 2], [1]]);
      expect(planWaves([c("safe"), c("write", "a"), c("safe")], registry)).toEqual([[0, 2], [1]]);
    });
    it("never lets a call overtake an earlier write to its resource", () => {
      // [Read a, Edit a, Read a]: the second Read sees the Edit.
      expect(planWaves([c("keyed", "a"), c("write", "a"), c("keyed", "a")], registry)).toEqual([
        [0],
        [1],
        [2],
      ]);
      // [Read b, Edit a, Read a]
      expect(planWaves([c("keyed", "b"), c("write", "a"), c("keyed", "a")], registry)).toEqual([
        [0],
        [1],
        [2],
      ]);
      expect(
        planWaves([c("keyed", "b"), c("write", "a"), c("keyed", "a"), c("keyed", "c")], registry),
      ).toEqual([[0, 3], [1], [2]]);
    });
    it("keeps safe calls behind an earlier unsafe call with order: preserve", () => {
      expect(planWaves([c("safe"), c("unsafe"), c("safe")], registry, { order: "preserve" })).toEqual([
        [0],
        [1],
        [2],
      ]);
      expect(planWaves([c("unsafe"), c("safe"), c("safe")], registry, { order: "preserve" })).toEqual([
        [0],
        [1, 2],
      ]);
    });
  });
  describe("when calls share a resource key", () => {
    it("never puts two of them in one wave", () => {
      expect(
        planWaves([c("keyed", "a"), c("keyed", "a"), c("keyed", "b"), c("keyed", "a")], registry),
      ).toEqual([[0, 2], [1], [3]]);
    });
    it("treats a throwing resourceKey as no key", () => {
      expect(planWaves([c("throws"), c("throws")], registry)).toEqual([[0, 1]]);
    });
  });
  describe("when calls are generated", () => {
    const call = fc.oneof(
      fc.constant(c("safe")),
      fc.constant(c("unsafe")),
      fc.constant(c("missing")),
      fc.constantFrom("a", "b", "c").map((k) => c("keyed", k)),
      fc.constantFrom("a", "b", "c").map((k) => c("write", k)),
    );
    const isUnsafe = (x: { name: string }) =>
      x.name === "unsafe" || x.name === "missing" || x.name === "write";
    const keyOf = (x: { name: string; input: { v?: unknown } }) =>
      x.name === "keyed" || x.name === "write" ? (x.input.v as string) : undefined;
    const conflict = (
      x: { name: string; input: { v?: unknown } },
      y: { name: string; input: { v?: unknown } },
    ) =>
      (keyOf(x) !== undefined && keyOf(x) === keyOf(y)) ||
      (isUnsafe(x) && keyOf(x) === undefined) ||
      (isUnsafe(y) && keyOf(y) === undefined);
    it("places every call once, keeps call order inside waves, isolates unsafe calls and never shares a key", () => {
      fc.assert(
        fc.property(
          fc.array(call, { maxLength: 30 }),
          fc.constantFrom("hoist" as const, "preserve" as const),
          (calls, order) => {
            const waves = planWaves(calls, registry, { order });
            expect(waves.flat().sort((a, b) => a - b)).toEqual(calls.map((_, i) => i));
            for (const wave of waves) {
              expect([...wave].sort((a, b) => a - b)).toEqual(wave);
              const names = wave.map((i) => calls[i]?.name);
              if (names.some((n) => n === "unsafe" || n === "missing" || n === "write"))
                expect(wave).toHaveLength(1);
              const keys = wave
                .filter((i) => calls[i]?.name === "keyed")
                .map((i) => (calls[i] as { input: { v: string } }).input.v);
              expect(new Set(keys).size).toBe(keys.length);
            }
            const waveOf = new Map(waves.flatMap((w, wi) => w.map((i) => [i, wi] as const)));
            // No call runs in a wave at or before an earlier call it conflicts with.
            calls.forEach((x, i) => {
              for (let j = i + 1; j < calls.length; j++)
                if (conflict(x, calls[j] as typeof x))
                  expect(waveOf.get(j)).toBeGreaterThan(waveOf.get(i) as number);
            });
            // A safe call sits in the earliest open wave after its conflicts (or after every unsafe call with preserve).
            calls.forEach((x, j) => {
              if (isUnsafe(x)) return;
              let floor = 0;
              for (let i = 0; i < j; i++) {
                const y = calls[i] as typeof x;
                if (conflict(y, x) || (order === "preserve" && isUnsafe(y)))
                  floor = Math.max(floor, (waveOf.get(i) as number) + 1);
              }
              const own = waveOf.get(j) as number;
              for (let w = floor; w < own; w++) {
                const earlier = (waves[w] as number[]).filter((i) => i < j);
                expect(earlier.length === 1 && isUnsafe(calls[earlier[0] as number] as typeof x)).toBe(true);
              }
            });
            if (order === "preserve") {
              // No call runs in a wave before an unsafe call that preceded it.
              calls.forEach((x, i) => {
                if (!isUnsafe(x)) return;
                for (let j = i + 1; j < calls.length; j++)
                  expect(waveOf.get(j)).toBeGreaterThan(waveOf.get(i) as number);
              });
            }
          },
        ),
      );
    });
  });
});
