import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import type { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { type StructuredTool, tool } from "@langchain/core/tools";
import type { Tool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { fromLangChainTool, type ToolkitStructuredTool, toLangChainTools } from "./index.js";

describe("toLangChainTools", () => {
  describe("when its result is bound to a chat model", () => {
    it("is a list of StructuredTools bindTools accepts", () => {
      const tools = toLangChainTools(new ToolRegistry());
      expectTypeOf(tools).toEqualTypeOf<ToolkitStructuredTool[]>();
      expectTypeOf<ToolkitStructuredTool>().toExtend<StructuredTool>();
      expectTypeOf<ToolkitStructuredTool>().toExtend<BindToolsInput>();
    });
  });

  describe("when a tool is invoked with a ToolCall", () => {
    it("resolves to a ToolMessage", async () => {
      const [add] = toLangChainTools(new ToolRegistry());
      const call: ToolCall = { type: "tool_call", id: "1", name: "add", args: {} };
      const reply = await add?.invoke(call);
      expectTypeOf(reply).toEqualTypeOf<ToolMessage | undefined>();
    });
  });
});

describe("fromLangChainTool", () => {
  describe("when given a tool() with a zod schema", () => {
    it("returns a Toolkit Tool", () => {
      const echo = tool(async ({ s }) => s, {
        name: "echo",
        description: "Echo.",
        schema: z.object({ s: z.string() }),
      });
      expectTypeOf(fromLangChainTool(echo)).toEqualTypeOf<Tool>();
    });
  });
});
