import { PROGRESS_OUTPUT_MAX, type ToolProgress } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outputProgress } from "./output-progress.js";

function collect(intervalMs = 0) {
  const updates: ToolProgress[] = [];
  const live = outputProgress({ report: (u) => updates.push(u), stalledOutputMs: 60_000, intervalMs });
  return { updates, live, output: () => updates.map((u) => u.output ?? "").join("") };
}

describe("outputProgress", () => {
  describe("when less than an update's worth arrives, split anywhere", () => {
    it("reports every line exactly once, characters whole (property)", () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", "\n", " "), maxLength: 200 }),
          fc.array(fc.nat(), { maxLength: 10 }),
          (text, cuts) => {
            const bytes = Buffer.from(text);
            const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
            const { live, output, updates } = collect();
            let from = 0;
            for (const at of [...points, bytes.length]) {
              if (at > from) live.push("stdout", bytes.subarray(from, at));
              from = Math.max(from, at);
            }
            live.end();
            const expected = text === "" || text.endsWith("\n") ? text : `${text}\n`;
            expect(output()).toBe(expected);
            for (const u of updates) expect(u.output?.endsWith("\n")).toBe(true);
          },
        ),
      );
    });
  });

  describe("when far more than an update's worth arrives at once", () => {
    it("decodes only the tail, starting at a line", () => {
      const { live, updates } = collect();
      const line = `${"x".repeat(99)}\n`;
      live.push("stdout", Buffer.from(`first\n${line.repeat(2000)}last\n`));
      live.end();
      expect(updates).toHaveLength(1);
      const out = updates[0]?.output ?? "";
      expect(out.length).toBeLessThanOrEqual(PROGRESS_OUTPUT_MAX);
      expect(out.endsWith(`${line}last\n`)).toBe(true);
      expect(out.startsWith("x")).toBe(true);
      expect(
        out
          .split("\n")
          .slice(0, -2)
          .every((l) => l === "x".repeat(99)),
      ).toBe(true);
    });
  });

  describe("when chunks arrive faster than intervalMs", () => {
    it("gathers them into one update", () => {
      const { live, updates, output } = collect(60_000);
      live.push("stdout", Buffer.from("a\n"));
      live.push("stdout", Buffer.from("b\n"));
      live.push("stderr", Buffer.from("c\n"));
      expect(updates).toEqual([{ output: "a\n" }]);
      live.end();
      expect(output()).toBe("a\nb\nc\n");
    });
  });
});
