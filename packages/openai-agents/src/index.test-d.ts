import { Agent } from "@openai/agents";
import { ToolRegistry } from "@toolkit/registry";
import { describe, expectTypeOf, it } from "vitest";
import { type AgentsFunctionTool, toAgentsTools } from "./index.js";

describe("toAgentsTools", () => {
  describe("when its result is given to an Agent", () => {
    it("is a list of function tools the Agents SDK accepts", () => {
      const tools = toAgentsTools(new ToolRegistry());
      expectTypeOf(tools).toEqualTypeOf<AgentsFunctionTool[]>();
      new Agent({ name: "a", tools });
    });
  });

  describe("when the options are typed", () => {
    it("accepts a policy function with the call id, and refuses an unknown option value", () => {
      toAgentsTools(new ToolRegistry(), { needsApproval: async ({ callId }) => callId === undefined });
      // @ts-expect-error strict is a boolean
      toAgentsTools(new ToolRegistry(), { strict: "yes" });
    });
  });
});
