import type { Tool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { generateText, type ToolSet, tool } from "ai";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type AiSdkToolResult,
  fromAiSdkTool,
  type ModelOutput,
  toAiSdkTools,
  toModelOutput,
} from "./index.js";

describe("toAiSdkTools", () => {
  describe("when its result is given to generateText", () => {
    it("is a ToolSet the AI SDK accepts", () => {
      const tools = toAiSdkTools(new ToolRegistry());
      expectTypeOf(tools).toEqualTypeOf<ToolSet>();
      expectTypeOf(generateText)
        .parameter(0)
        .toHaveProperty("tools")
        .extract<ToolSet>()
        .toEqualTypeOf<ToolSet>();
    });
  });

  describe("when the options are typed", () => {
    it("accepts a policy function and refuses a string other than writes", () => {
      toAiSdkTools(new ToolRegistry(), { needsApproval: ({ tool, digest }) => tool.name === digest });
      // @ts-expect-error only "writes" is a named policy
      toAiSdkTools(new ToolRegistry(), { needsApproval: "always" });
    });
  });
});

describe("toModelOutput", () => {
  describe("when given a result", () => {
    it("returns the AI SDK's tool result output", () => {
      expectTypeOf(toModelOutput).parameter(0).toEqualTypeOf<AiSdkToolResult>();
      expectTypeOf(toModelOutput).returns.toEqualTypeOf<ModelOutput>();
    });
  });
});

describe("fromAiSdkTool", () => {
  describe("when given an AI SDK tool", () => {
    it("returns a Toolkit Tool", () => {
      const echo = tool({
        description: "Echo.",
        inputSchema: z.object({ s: z.string() }),
        execute: async ({ s }) => s,
      });
      expectTypeOf(fromAiSdkTool("echo", echo)).toEqualTypeOf<Tool>();
    });
  });
});
