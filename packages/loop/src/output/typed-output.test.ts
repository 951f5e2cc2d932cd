import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DIALECTS, registryOf, rejection, useLoopHarness } from "../loop/test-kit.js";
import type { Dialect, ScriptedReply } from "../test/script.js";
import { FINAL_ANSWER } from "./typed-output.js";

const setupLoop = useLoopHarness();
const Answer = z.object({ city: z.string(), population: z.number().int() });

/** How each wire format's model gives a final answer: JSON text, or Anthropic's final tool. */
function answer(dialect: Dialect, value: unknown): ScriptedReply {
  return dialect === "anthropic-messages"
    ? { toolCalls: [{ id: "fa1", name: FINAL_ANSWER, input: value as never }] }
    : { text: JSON.stringify(value) };
}

const SCHEMA =
  '{"type":"object","properties":{"city":{"type":"string"},"population":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}},"required":["city","population"],"additionalProperties":false}';

// The first request's bytes per wire format, with `output` set.
const GOLDEN: Record<Dialect, string> = {
  "openai-chat": `{"model":"scripted","messages":[{"role":"user","content":"Biggest city?"}],"response_format":{"type":"json_schema","json_schema":{"name":"final_answer","description":"The final answer, as JSON matching this schema.","schema":${SCHEMA},"strict":false}}}`,
  "openai-responses": `{"model":"scripted","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"Biggest city?"}]}],"store":false,"text":{"format":{"type":"json_schema","name":"final_answer","description":"The final answer, as JSON matching this schema.","schema":${SCHEMA},"strict":false}}}`,
  "anthropic-messages": `{"model":"scripted","max_tokens":4096,"messages":[{"role":"user","content":[{"type":"text","text":"Biggest city?","cache_control":{"type":"ephemeral"}}]}],"tools":[{"name":"final_answer","description":"The final answer, as JSON matching this schema.","input_schema":${SCHEMA},"cache_control":{"type":"ephemeral"}}],"tool_choice":{"type":"tool","name":"final_answer"}}`,
  "gemini-generate-content": `{"contents":[{"role":"user","parts":[{"text":"Biggest city?"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":{"type":"object","properties":{"city":{"type":"string"},"population":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}},"required":["city","population"]}}}`,
};

describe.each(DIALECTS)("run(task, { output }) ($dialect)", ({ dialect, client }) => {
  describe("when the reply matches the schema", () => {
    it("sends the native structured output and resolves to the validated value", async () => {
      const value = { city: "Lagos", population: 15_000_000 };
      const { server, loop } = await setupLoop(client, [answer(dialect, value)], { registry: registryOf() });
      const result = await loop.run("Biggest city?", { output: Answer });
      expect(result.output).toEqual(value);
      expect(JSON.parse(result.text)).toEqual(value);
      expect(server.requests[0]?.body).toBe(GOLDEN[dialect]);
    });
  });

  describe("when the reply does not match", () => {
    it("gets one repair turn that names the issue", async () => {
      const { server, loop } = await setupLoop(
        client,
        [
          answer(dialect, { city: "Lagos", population: "many" }),
          answer(dialect, { city: "Lagos", population: 15 }),
        ],
        { registry: registryOf() },
      );
      const result = await loop.run("Biggest city?", { output: Answer });
      expect(result.output).toEqual({ city: "Lagos", population: 15 });
      expect(result.turns).toBe(2);
      expect(server.requests[1]?.body).toContain(
        "Your final answer does not match the required schema (`population`: Invalid input: expected number, received string). Send the final answer again, as JSON that matches the schema exactly.",
      );
    });

    it("fails with InvalidOutput after the repair turn", async () => {
      const { loop } = await setupLoop(client, [answer(dialect, { city: 1 }), { text: "not json" }], {
        registry: registryOf(),
      });
      const error = await rejection(loop.run("Biggest city?", { output: Answer }));
      expect(error.kind).toBe("InvalidOutput");
      expect(error.message).toBe(
        "The final answer did not match the output schema after one repair turn: the reply is not JSON",
      );
    });
  });
});

describe("run(task, { output })", () => {
  describe("when output is not a zod schema", () => {
    it("throws naming the option", async () => {
      const { loop } = await setupLoop(DIALECTS[0]?.client as never, [], { registry: registryOf() });
      await expect(loop.run("x", { output: { type: "object" } as never })).rejects.toThrow(
        "BareLoop.run: `output` must be a zod schema (zod 4), e.g. z.object({ answer: z.string() })",
      );
    });
  });
});
