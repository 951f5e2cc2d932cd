import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "./closest-name.js";
import { unknownToolHints } from "./index.js";

const registry = () =>
  registryWith(
    fnTool("Read", () => "r"),
    fnTool("Write", () => "w"),
    fnTool("Grep", () => "g"),
  );

describe("unknownToolHints", () => {
  describe("when the name is close to a registered one", () => {
    it.each([
      ["raed", "Read"],
      ["read", "Read"],
      ["Wrtie", "Write"],
      ["grep", "Grep"],
    ])("appends Did you mean for %s", async (name, match) => {
      const r = await runOne(registry(), [unknownToolHints()], { name, input: {} });
      expect(r.output.isError).toBe(true);
      expect(r.output.textContent()).toBe(
        `Tool not found: ${name}. Available: Grep, Read, Write\nCall one of the available tools by its exact name.\nDid you mean '${match}'?`,
      );
    });

    it("suggests among the advertised names for an unadvertised call", async () => {
      const r = await runOne(
        registry(),
        [unknownToolHints()],
        { name: "Writ", input: {} },
        { advertised: ["Read"] },
      );
      expect(r.output.textContent()).toBe(
        "tool 'Writ' is not available. Available: Read\nCall one of the available tools by its exact name.",
      );
      const r2 = await runOne(
        registry(),
        [unknownToolHints()],
        { name: "Reed", input: {} },
        { advertised: ["Read"] },
      );
      expect(r2.output.textContent()).toMatch(/\nDid you mean 'Read'\?$/);
    });
  });

  describe("when no name is close", () => {
    it("leaves the answer as it is", async () => {
      const r = await runOne(registry(), [unknownToolHints()], { name: "browser", input: {} });
      expect(r.output.textContent()).toBe(
        "Tool not found: browser. Available: Grep, Read, Write\nCall one of the available tools by its exact name.",
      );
    });
  });

  describe("when more names exist than the answer lists", () => {
    it("suggests from the names option", async () => {
      const tools = Array.from({ length: 12 }, (_, i) =>
        fnTool(`tool_${String.fromCharCode(97 + i)}`, () => ""),
      );
      const big = registryWith(
        ...tools,
        fnTool("zebra_search", () => ""),
      );
      const plain = await runOne(big, [unknownToolHints()], { name: "zebra_serch", input: {} });
      expect(plain.output.textContent()).not.toContain("Did you mean");
      const r = await runOne(big, [unknownToolHints({ names: () => big.toolNames() })], {
        name: "zebra_serch",
        input: {},
      });
      expect(r.output.textContent()).toMatch(/\.\.\. \(and 3 more\)\n.*\nDid you mean 'zebra_search'\?$/s);
    });
  });

  describe("when the call runs or fails otherwise", () => {
    it("does not touch successes or other failures", async () => {
      const reg = registryWith(
        fnTool("Read", () => "content"),
        fnTool("Fail", () => Promise.reject(new Error("Reed"))),
      );
      expect(
        (await runOne(reg, [unknownToolHints()], { name: "Read", input: {} })).output.textContent(),
      ).toBe("content");
      expect(
        (await runOne(reg, [unknownToolHints()], { name: "Fail", input: {} })).output.textContent(),
      ).toBe("Tool 'Fail' threw: Reed");
    });
  });

  describe("when options are wrong", () => {
    it("throws TypeErrors naming the option", () => {
      expect(() => unknownToolHints({ maxDistance: -1 })).toThrow(
        new TypeError("unknownToolHints: `maxDistance` must be an integer >= 0, got -1"),
      );
      expect(() => unknownToolHints({ names: ["a"] as never })).toThrow(
        new TypeError("unknownToolHints: `names` must be a function returning tool names, got an array"),
      );
    });
  });
});

describe("editDistance", () => {
  describe("when strings differ", () => {
    it.each([
      ["kitten", "sitting", 3],
      ["Read", "read", 0],
      ["raed", "read", 1],
      ["", "abc", 3],
    ])("%s -> %s is %i", (a, b, d) => {
      expect(editDistance(a, b)).toBe(d);
    });

    it("is symmetric and zero only for case-insensitively equal strings (property)", () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
          expect(editDistance(a, b)).toBe(editDistance(b, a));
          expect(editDistance(a, b) === 0).toBe(a.toLowerCase() === b.toLowerCase());
          expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
        }),
      );
    });
  });
});

describe("closestName", () => {
  describe("when two names are equally close", () => {
    it("picks the earlier one", () => {
      expect(closestName("bat", ["cat", "hat"], 2)).toBe("cat");
    });
  });
});
