import type { RunnableConfig } from "@langchain/core/runnables";
import { createToolContext } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { progressTool } from "@toolkit/test-kit";
import { describe, expect, it } from "vitest";
import type { LangChainToolProgress } from "./progress-reporter.js";
import { toLangChainTools } from "./to-langchain-tools.js";

function stepsTool(gapMs: number) {
  const registry = new ToolRegistry();
  registry.register(progressTool("Steps", { gapMs }));
  const [tool] = toLangChainTools(registry, { ctx: createToolContext() });
  if (!tool) throw new Error("no tool");
  return tool;
}

const call = { type: "tool_call" as const, id: "c1", name: "Steps", args: {} };

describe("toLangChainTools progress", () => {
  describe("when a tool reports three updates a second apart under callbacks", () => {
    it("dispatches them as toolkit_progress custom events before the result", async () => {
      const seen: string[] = [];
      const message = await stepsTool(1000).invoke(call, {
        callbacks: [
          {
            handleCustomEvent: (name: string, data: { toolCallId: string; message?: string }) => {
              seen.push(`${name} ${data.toolCallId} ${data.message}`);
            },
          },
        ],
      });
      seen.push(`result ${message.content}`);
      expect(seen).toEqual([
        "toolkit_progress c1 step 1 of 3",
        "toolkit_progress c1 step 2 of 3",
        "toolkit_progress c1 step 3 of 3",
        "result done after 3 steps",
      ]);
    });
  });

  describe("when the tool runs in streamEvents", () => {
    it("shows each update as on_custom_event before on_tool_end", async () => {
      const seen: string[] = [];
      for await (const event of stepsTool(150).streamEvents(call, { version: "v2" })) {
        if (event.event === "on_custom_event") {
          const data = event.data as LangChainToolProgress;
          seen.push(`${event.name} ${data.progress}/${data.total}`);
        }
        if (event.event === "on_tool_end") seen.push("end");
      }
      expect(seen).toEqual(["toolkit_progress 1/3", "toolkit_progress 2/3", "toolkit_progress 3/3", "end"]);
    });
  });

  describe("when LangGraph gives the tool a config.writer", () => {
    it("writes each update to it as a chunk", async () => {
      const chunks: unknown[] = [];
      const config = { writer: (chunk: unknown) => chunks.push(chunk) } as RunnableConfig;
      await stepsTool(150).invoke(call, config);
      expect(chunks).toEqual(
        [1, 2, 3].map((i) => ({
          type: "toolkit_progress",
          toolCallId: "c1",
          tool: "Steps",
          message: `step ${i} of 3`,
          progress: i,
          total: 3,
          output: `${i}\n`,
        })),
      );
    });
  });
});
