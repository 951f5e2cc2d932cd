import { RunContext } from "@openai/agents";
import { createToolContext, type ToolProgress } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { progressTool } from "@toolkit/test-kit";
import { describe, expect, it } from "vitest";
import { toAgentsTools } from "./to-agents-tools.js";

describe("toAgentsTools progress", () => {
  describe("when a tool reports progress (the Agents SDK has no channel for it)", () => {
    it("delivers the updates to the session context's onProgress, before the result", async () => {
      const registry = new ToolRegistry();
      registry.register(progressTool("Steps", { gapMs: 150 }));
      const seen: string[] = [];
      const ctx = createToolContext({ onProgress: (u: ToolProgress) => seen.push(u.message ?? "") });
      const [tool] = toAgentsTools(registry, { ctx, strict: false });
      if (tool?.type !== "function") throw new Error("no function tool");
      const toolCall = {
        type: "function_call",
        callId: "c1",
        name: "Steps",
        arguments: "{}",
        status: "completed",
      } as const;
      const output = await tool.invoke(new RunContext(), "{}", { toolCall });
      seen.push(String(output));
      expect(seen).toEqual(["step 1 of 3", "step 2 of 3", "step 3 of 3", "done after 3 steps"]);
    });
  });
});
