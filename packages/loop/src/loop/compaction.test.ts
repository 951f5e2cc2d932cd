import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message, ToolResult } from "../model/messages.js";
import { compactedText, compactMessages } from "./compaction.js";
import { LoopDetector } from "./loop-detector.js";
import { estimateWindowTokens, IMAGE_TOKENS } from "./window-estimate.js";

const result = (callId: string, retention: ToolResult["retention"], size = 400): ToolResult => ({
  callId,
  name: `t${callId}`,
  parts: [{ type: "text", text: "x".repeat(size) }],
  isError: false,
  retention,
});
const turn = (...results: ToolResult[]): Message[] => [
  { role: "assistant", text: "", toolCalls: results.map((r) => ({ id: r.callId, name: r.name, input: {} })) },
  { role: "tool", results },
];
const estimate = (messages: readonly Message[]) =>
  estimateWindowTokens({ system: undefined, messages, tools: [] });
const texts = (messages: readonly Message[]) =>
  messages.flatMap((m) => (m.role === "tool" ? m.results.map((r) => [r.callId, r.compacted === true]) : []));

describe("compactMessages", () => {
  describe("when under budget", () => {
    it("changes nothing", () => {
      const messages = turn(result("1", "requery"));
      expect(compactMessages({ messages, estimate, budgetTokens: 10_000 })).toEqual({ messages, evicted: 0 });
    });
  });

  describe("when over budget", () => {
    it("evicts requery results oldest first, then default ones, never durable or the newest", () => {
      const messages = [
        ...turn(result("1", "default"), result("2", "durable")),
        ...turn(result("3", "requery")),
        ...turn(result("4", "requery")),
        ...turn(result("5", "requery")),
      ];
      const out = compactMessages({ messages, estimate, budgetTokens: 250 });
      expect(texts(out.messages)).toEqual([
        ["1", true],
        ["2", false],
        ["3", true],
        ["4", true],
        ["5", false],
      ]);
      expect(out.evicted).toBe(3);
      const third = out.messages[3];
      const placeholder = third?.role === "tool" ? third.results[0] : undefined;
      expect(placeholder?.parts).toEqual([{ type: "text", text: compactedText("t3") }]);
    });

    it("never evicts a durable result, whatever the budget", () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom("default" as const, "requery" as const, "durable" as const), {
            maxLength: 8,
          }),
          fc.integer({ min: 1, max: 2_000 }),
          (retentions, budgetTokens) => {
            const messages = retentions.flatMap((r, i) => turn(result(String(i), r)));
            const out = compactMessages({ messages, estimate, budgetTokens });
            for (const m of out.messages) {
              if (m.role !== "tool") continue;
              for (const r of m.results) if (r.retention === "durable") expect(r.compacted).toBeUndefined();
            }
            expect(out.messages).toHaveLength(messages.length);
          },
        ),
      );
    });
  });
});

describe("estimateWindowTokens", () => {
  describe("when counting", () => {
    it("counts characters over four, the schemas, and a fixed cost per image", () => {
      expect(
        estimateWindowTokens({
          system: "abcd",
          messages: [
            {
              role: "user",
              parts: [
                { type: "text", text: "efgh" },
                { type: "image", data: "AAAA", mediaType: "image/png" },
              ],
            },
          ],
          tools: [{ tool: "t", description: "abc", input_schema: {} }],
        }),
      ).toBe(Math.ceil((4 + 4 + 1 + 3 + 2) / 4) + IMAGE_TOKENS);
    });
  });
});

describe("LoopDetector", () => {
  describe("when calls repeat", () => {
    it("counts the streak by name and canonical input", () => {
      const d = new LoopDetector();
      expect(d.observe({ id: "1", name: "a", input: { x: 1, y: 2 } })).toBe(1);
      expect(d.observe({ id: "2", name: "a", input: { y: 2, x: 1 } })).toBe(2);
      expect(d.observe({ id: "3", name: "b", input: { y: 2, x: 1 } })).toBe(1);
      expect(d.observe({ id: "4", name: "a", input: { x: 1, y: 2 } })).toBe(1);
    });
  });
});
