// The error text the model reads, in each AI SDK major the adapter supports:
// ai 6 sends a thrown tool error's `message`, ai 7 its `toString()`.
import { createToolContext, FnTool, ToolError } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { toAiSdkTools } from "./to-ai-sdk-tools.js";

type Host = { generateText: typeof import("ai").generateText; stepCountIs: typeof import("ai").stepCountIs };
type Mock = typeof import("ai/test").MockLanguageModelV3;

const nodeMajor = Number(process.versions.node.split(".")[0]);
const hosts: Array<[string, () => Promise<[Host, Mock]>]> = [
  ["ai 6", async () => [await import("ai"), (await import("ai/test")).MockLanguageModelV3]],
];
// ai 7 needs Node 22: it runs in CI's Node 24 pass.
if (nodeMajor >= 22) {
  hosts.push([
    "ai 7",
    async () => [
      (await import("ai7")) as unknown as Host,
      (await import("ai7/test")).MockLanguageModelV3 as unknown as Mock,
    ],
  ]);
} else {
  console.log(
    `ai 7's tests run on Node 22 or newer (this is Node ${process.versions.node}): CI runs them on Node 24`,
  );
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

describe.each(hosts)("toAiSdkTools in %s", (_name, load) => {
  describe("when a tool fails softly", () => {
    it("shows the model the same text as every other host, with no class name before it", async () => {
      const [{ generateText, stepCountIs }, MockLanguageModelV3] = await load();
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("deploy", "Deploys.", { type: "object", properties: {} }, async () => {
          throw ToolError.execution("the cluster is down", { advice: "Try again in a minute." });
        }),
      );
      const model = new MockLanguageModelV3({
        doGenerate: [
          {
            content: [{ type: "tool-call", toolCallId: "c1", toolName: "deploy", input: "{}" }],
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage,
            warnings: [],
          },
          {
            content: [{ type: "text", text: "done" }],
            finishReason: { unified: "stop", raw: "stop" },
            usage,
            warnings: [],
          },
        ],
      });
      await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx: createToolContext() }),
        stopWhen: stepCountIs(3),
        prompt: "deploy",
      });
      const message = model.doGenerateCalls[1]?.prompt.at(-1);
      const part = message?.role === "tool" ? message.content[0] : undefined;
      expect(part?.type === "tool-result" && part.output).toEqual({
        type: "error-text",
        value: "Execution error: the cluster is down\nTry again in a minute.",
      });
    });
  });
});
