import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planWaves } from "./plan-waves.js";
import { echoTool } from "./test-tools.js";
import { ToolRegistry } from "./tool-registry.js";

const registry = new ToolRegistry();
registry.register(echoTool("safe", { safe: true }));
registry.register(echoTool("unsafe"));
registry.register(echoTool("keyed", { safe: true, key: (i) => (typeof i.v === "string" ? i.v : undefined) }));
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
    it("puts safe calls in the earliest open wave and unsafe calls alone", () => {
      expect(planWaves([c("safe"), c("unsafe"), c("safe")], registry)).toEqual([[0, 2], [1]]);
    });
    it("gives unknown tools a wave of their own", () => {
      expect(planWaves([c("safe"), c("nope"), c("safe")], registry)).toEqual([[0, 2], [1]]);
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
    );
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
              if (names.some((n) => n === "unsafe" || n === "missing")) expect(wave).toHaveLength(1);
              const keys = wave
                .filter((i) => calls[i]?.name === "keyed")
                .map((i) => (calls[i] as { input: { v: string } }).input.v);
              expect(new Set(keys).size).toBe(keys.length);
            }
            if (order === "preserve") {
              // No call runs in a wave before an unsafe call that preceded it.
              const waveOf = new Map(waves.flatMap((w, wi) => w.map((i) => [i, wi] as const)));
              calls.forEach((x, i) => {
                if (x.name !== "unsafe") return;
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
