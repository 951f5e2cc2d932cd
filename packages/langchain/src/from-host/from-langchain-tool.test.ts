import { DynamicStructuredTool, DynamicTool, tool } from "@langchain/core/tools";
import { createToolContext } from "@toolkit/core";
import { dispatch, type Middleware, ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromLangChainTool } from "./from-langchain-tool.js";
import { toLangChainTools } from "../to-host/to-langchain-tools.js";

const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });

const weather = tool(
  async ({ city, unit }) => JSON.stringify({ city, temperature: unit === "c" ? 21 : 70, unit }),
  {
    name: "weather",
    description: "Gets the weather in a city.",
    schema: z.object({ city: z.string().describe("The city"), unit: z.enum(["c", "f"]).default("c") }),
  },
);

describe("fromLangChainTool", () => {
  describe("when the tool has a zod schema", () => {
    it("exposes the input JSON Schema, where a defaulted field is optional", () => {
      const schema = fromLangChainTool(weather).schema();
      expect(schema).toMatchObject({
        tool: "weather",
        description: "Gets the weather in a city.",
        input_schema: {
          type: "object",
          properties: {
            city: { type: "string", description: "The city" },
            unit: { enum: ["c", "f"], default: "c" },
          },
          required: ["city"],
        },
      });
    });

    it("runs through dispatch and its middleware, zod defaults applied", async () => {
      const registry = new ToolRegistry();
      registry.register(fromLangChainTool(weather, { readOnly: true }));
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

    it("answers input the schema rejects with `Invalid input` before the tool runs", async () => {
      const registry = new ToolRegistry();
      registry.register(fromLangChainTool(weather));
      const [result] = await dispatch(registry, [{ id: "1", name: "weather", input: { city: 3 } }], { ctx });
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe(
        "Invalid input: `city` must be string, got integer (3)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
    });
  });

  describe("when the tool takes a single string (DynamicTool)", () => {
    it("exposes its `input` object schema and passes the string through", async () => {
      const shout = new DynamicTool({
        name: "shout",
        description: "Upper-cases text.",
        func: async (text: string) => text.toUpperCase(),
      });
      const wrapped = fromLangChainTool(shout);
      expect(wrapped.schema().input_schema).toMatchObject({
        type: "object",
        properties: { input: { type: "string" } },
      });
      const registry = new ToolRegistry();
      registry.register(wrapped);
      const [result] = await dispatch(registry, [{ id: "1", name: "shout", input: { input: "hey" } }], {
        ctx,
      });
      expect(result?.output.textContent()).toBe("HEY");
    });
  });

  describe("when the tool returns content and an artifact", () => {
    it("keeps the content for the model and the artifact in meta", async () => {
      const search = new DynamicStructuredTool({
        name: "search",
        description: "Searches.",
        schema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
        responseFormat: "content_and_artifact",
        func: async ({ q }: { q: string }) => [`2 hits for ${q}`, { hits: ["a", "b"] }],
      });
      const output = await fromLangChainTool(search).call({ q: "x" }, ctx);
      expect(output.textContent()).toBe("2 hits for x");
      expect(output.isError).toBe(false);
      expect(output.meta).toEqual({ artifact: { hits: ["a", "b"] } });
    });
  });

  describe("when the tool throws", () => {
    it("becomes a soft failure through dispatch", async () => {
      const broken = tool(
        async () => {
          throw new Error("quota exceeded");
        },
        { name: "broken", description: "Fails.", schema: z.object({}) },
      );
      const registry = new ToolRegistry();
      registry.register(fromLangChainTool(broken));
      const [result] = await dispatch(registry, [{ id: "1", name: "broken", input: {} }], { ctx });
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toBe("Tool 'broken' threw: quota exceeded");
    });
  });

  describe("when the context is cancelled", () => {
    it("passes ctx.signal as the invocation's signal", async () => {
      let seen: AbortSignal | undefined;
      const probe = tool(
        async (_input, config) => {
          seen = config.signal;
          return "ok";
        },
        { name: "probe", description: "Sees the signal.", schema: z.object({}) },
      );
      const controller = new AbortController();
      await fromLangChainTool(probe).call({}, ctx.withSignal(controller.signal));
      controller.abort();
      expect(seen?.aborted).toBe(true);
    });
  });

  describe("when wrapped and adapted back", () => {
    it("keeps the round trip intact", async () => {
      const registry = new ToolRegistry();
      registry.register(fromLangChainTool(weather));
      const [adapted] = toLangChainTools(registry, { ctx });
      const message = await adapted?.invoke({
        type: "tool_call",
        id: "c1",
        name: "weather",
        args: { city: "Rome" },
      });
      expect(message).toMatchObject({
        status: "success",
        content: '{"city":"Rome","temperature":21,"unit":"c"}',
        tool_call_id: "c1",
      });
    });
  });

  describe("when the tool or an option is wrong", () => {
    it.each([
      ["not a tool", {}, {}, "`lcTool`"],
      [
        "a bad name",
        tool(async () => "x", { name: "has space", description: "d", schema: z.object({}) }),
        {},
        "`name`",
      ],
      [
        "no description",
        tool(async () => "x", { name: "n", description: "", schema: z.object({}) }),
        {},
        "`description`",
      ],
      ["a bad readOnly", weather, { readOnly: 1 }, "`readOnly`"],
    ])("throws a TypeError naming the problem (%s)", (_case, lcTool, options, message) => {
      // @ts-expect-error deliberately wrong argument types
      expect(() => fromLangChainTool(lcTool, options)).toThrow(message);
    });
  });
});
