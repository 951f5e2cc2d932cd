import { createToolContext, FnTool, ToolError } from "@toolkit/core";
import { dispatch, type Middleware, ToolRegistry } from "@toolkit/registry";
import { generateText, jsonSchema, stepCountIs, type Tool, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromAiSdkTool } from "./from-ai-sdk-tool.js";
import { toAiSdkTools } from "../to-host/to-ai-sdk-tools.js";

const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });

const weather = tool({
  description: "Gets the weather in a city.",
  inputSchema: z.object({
    city: z.string().describe("The city"),
    unit: z.enum(["c", "f"]).default("c"),
  }),
  execute: async ({ city, unit }) => ({ city, temperature: unit === "c" ? 21 : 70, unit }),
});

describe("fromAiSdkTool", () => {
  describe("when the tool has a zod schema", () => {
    it("exposes the input JSON Schema, where a defaulted field is optional", () => {
      const schema = fromAiSdkTool("weather", weather).schema();
      expect(schema.tool).toBe("weather");
      expect(schema.description).toBe("Gets the weather in a city.");
      expect(schema.input_schema).toMatchObject({
        type: "object",
        properties: {
          city: { type: "string", description: "The city" },
          unit: { enum: ["c", "f"], default: "c" },
        },
        required: ["city"],
        additionalProperties: false,
      });
    });

    it("runs through dispatch and its middleware, zod defaults applied", async () => {
      const registry = new ToolRegistry();
      registry.register(fromAiSdkTool("weather", weather, { readOnly: true }));
      const names: string[] = [];
      const record: Middleware = async function record(call, next) {
        names.push(call.name);
        return next(call);
      };
      const [result] = await dispatch(registry, [{ id: "1", name: "weather", input: { city: "Oslo" } }], {
        middleware: [record],
        ctx,
      });
      expect(names).toEqual(["weather"]);
      expect(result?.output.isError).toBe(false);
      expect(result?.output.structuredValue()).toEqual({ city: "Oslo", temperature: 21, unit: "c" });
      expect(registry.get("weather")?.isReadOnly?.()).toBe(true);
    });

    it("answers input the schema rejects with `Invalid input`", async () => {
      const registry = new ToolRegistry();
      registry.register(fromAiSdkTool("weather", weather));
      const [result] = await dispatch(registry, [{ id: "1", name: "weather", input: { city: 3 } }], { ctx });
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe(
        "Invalid input: `city` must be string, got integer (3)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
    });
  });

  describe("when the tool has toModelOutput", () => {
    it("maps the model output to a ToolOutput", async () => {
      const shot = tool({
        description: "Takes a screenshot.",
        inputSchema: jsonSchema<{ url: string }>({ type: "object", properties: { url: { type: "string" } } }),
        execute: async ({ url }) => ({ url, png: "iVBORw0KGgo=" }),
        toModelOutput: ({ output }) => ({
          type: "content",
          value: [
            { type: "text", text: output.url },
            { type: "image-data", data: output.png, mediaType: "image/png" },
          ],
        }),
      });
      const output = await fromAiSdkTool("shot", shot).call({ url: "https://x.test" }, ctx);
      expect(output.parts).toEqual([
        { type: "text", text: "https://x.test" },
        { type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" },
      ]);
    });
  });

  describe("when execute streams preliminary results", () => {
    it("keeps the last one", async () => {
      const progress = tool({
        description: "Reports progress.",
        inputSchema: z.object({}),
        async *execute() {
          yield "10%";
          yield "done";
        },
      });
      const output = await fromAiSdkTool("progress", progress).call({}, ctx);
      expect(output.textContent()).toBe("done");
    });
  });

  describe("when the context is cancelled", () => {
    it("passes ctx.signal as execute's abortSignal", async () => {
      let seen: AbortSignal | undefined;
      const probe = tool({
        description: "Sees the signal.",
        inputSchema: z.object({}),
        execute: async (_input, { abortSignal }) => {
          seen = abortSignal;
          return "ok";
        },
      });
      const controller = new AbortController();
      await fromAiSdkTool("probe", probe).call({}, ctx.withSignal(controller.signal));
      controller.abort();
      expect(seen?.aborted).toBe(true);
    });
  });

  describe("when wrapped and adapted back into generateText", () => {
    it("keeps the round trip intact", async () => {
      const registry = new ToolRegistry();
      registry.register(fromAiSdkTool("weather", weather));
      const model = new MockLanguageModelV3({
        doGenerate: [
          {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "weather", input: '{"city":"Rome"}' }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
            warnings: [],
          },
          {
            content: [{ type: "text", text: "sunny" }],
            finishReason: { unified: "stop", raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
            warnings: [],
          },
        ],
      });
      await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(3),
        prompt: "Rome?",
      });
      const toolMessage = model.doGenerateCalls[1]?.prompt.at(-1);
      expect(
        toolMessage?.role === "tool" &&
          toolMessage.content[0]?.type === "tool-result" &&
          toolMessage.content[0].output,
      ).toEqual({
        type: "json",
        value: { city: "Rome", temperature: 21, unit: "c" },
      });
    });
  });

  describe("when the tool was adapted from a registry and fails", () => {
    it("keeps the failure soft and its text unchanged through the round trip", async () => {
      const inner = new ToolRegistry();
      inner.register(
        new FnTool("deny", "Always refuses.", { type: "object", properties: {} }, () => {
          throw ToolError.permission("not today");
        }),
      );
      const adapted = toAiSdkTools(inner, { ctx }).deny;
      if (!adapted) throw new Error("deny was not adapted");
      const outer = new ToolRegistry();
      // A ToolSet entry is typed loosely; it is the Tool that toAiSdkTools built.
      outer.register(fromAiSdkTool("deny", adapted as Tool));
      const [result] = await dispatch(outer, [{ id: "1", name: "deny", input: {} }], { ctx });
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe(ToolError.permission("not today").modelText());
    });
  });

  describe("when the arguments are wrong", () => {
    it.each([
      ["a bad name", "bad name", weather, {}, "`name`"],
      ["no execute", "weather", { description: "x", inputSchema: z.object({}) }, {}, "`execute`"],
      ["no description", "weather", { ...weather, description: undefined }, {}, "`description`"],
      ["a bad readOnly", "weather", weather, { readOnly: "yes" }, "`readOnly`"],
    ])("throws a TypeError naming the problem (%s)", (_case, name, aiTool, options, message) => {
      // @ts-expect-error deliberately wrong argument types
      expect(() => fromAiSdkTool(name, aiTool, options)).toThrow(message);
    });
  });
});
