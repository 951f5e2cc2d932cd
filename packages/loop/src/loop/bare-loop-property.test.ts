import { selectByNames } from "@toolkit/registry";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openaiChat } from "../providers/openai-chat.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import { BareLoop } from "./bare-loop.js";
import { registryOf, tool } from "./test-kit.js";

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await ScriptedModelServer.start({ script: [] });
});
afterAll(async () => {
  await server.close();
});

const NAMES = ["a", "b", "hidden", "ghost"] as const;

describe("BareLoop", () => {
  describe("when a reply holds any mix of calls", () => {
    it("answers each call once, in call order, and never runs what was not advertised", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ name: fc.constantFrom(...NAMES), v: fc.string({ maxLength: 5 }) }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.constantFrom("sequential" as const, "parallel" as const),
          async (calls, mode) => {
            const ran: string[] = [];
            const make = (name: string) =>
              tool(
                name,
                async (input) => {
                  ran.push(name);
                  await new Promise((r) => setTimeout(r, input.v.length)); // varied durations
                  return `${name}:${input.v}`;
                },
                { safe: true },
              );
            const registry = registryOf(make("a"), make("b"), make("hidden"));
            const before = server.requests.length;
            server.push(
              { toolCalls: calls.map((c, i) => ({ id: `k${i}`, name: c.name, input: { v: c.v } })) },
              { text: "done" },
            );
            const loop = new BareLoop({
              model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "m" }),
              registry,
              selector: selectByNames(["a", "b"]),
              dispatch: { mode },
              loopThreshold: 10,
            }).withManagedTempDisabled();
            try {
              const result = await loop.run("go");
              const sent = server.requests[before + 1]?.toolResults ?? [];
              expect(sent.map((r) => r.callId)).toEqual(calls.map((_, i) => `k${i}`));
              sent.forEach((r, i) => {
                const c = calls[i];
                if (!c) throw new Error("missing call");
                expect(r.text).toBe(
                  c.name === "a" || c.name === "b"
                    ? `${c.name}:${c.v}`
                    : `tool '${c.name}' is not available. Available: a, b\nCall one of the available tools by its exact name.`,
                );
              });
              expect(ran.filter((n) => n === "hidden")).toEqual([]);
              expect(result.toolCalls.map((r) => r.id)).toEqual(calls.map((_, i) => `k${i}`));
            } finally {
              await loop.dispose();
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  });
});
