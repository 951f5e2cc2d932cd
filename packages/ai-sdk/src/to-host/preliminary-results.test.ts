// Progress as the AI SDK's preliminary tool results, in real streamText of
// each major the adapter supports (ai 7 needs Node 22: CI runs it on Node 24;
// locally: npx -y node@24 node_modules/vitest/vitest.mjs run <this file>).
import { createToolContext, FnTool, ToolError } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { progressTool } from "@toolkit/test-kit";
import { describe, expect, it } from "vitest";
import { AiSdkToolError } from "../output/ai-sdk-tool-error.js";
import { toAiSdkTools } from "./to-ai-sdk-tools.js";

type Host = Pick<typeof import("ai"), "streamText" | "stepCountIs" | "simulateReadableStream">;
type Mock = typeof import("ai/test").MockLanguageModelV3;

const nodeMajor = Number(process.versions.node.split(".")[0]);
const hosts: Array<[string, () => Promise<[Host, Mock]>]> = [
  ["ai 6", async () => [await import("ai"), (await import("ai/test")).MockLanguageModelV3]],
];
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
    `ai 7's streamText test runs on Node 22 or newer (this is Node ${process.versions.node}): CI runs it on Node 24`,
  );
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

describe.each(hosts)("toAiSdkTools in %s streamText", (_name, load) => {
  describe("when a tool reports three updates a second apart", () => {
    it("streams them as preliminary results before the final one, and the model sees only the final", async () => {
      const [{ streamText, stepCountIs, simulateReadableStream }, MockLanguageModelV3] = await load();
      const registry = new ToolRegistry();
      registry.register(progressTool("Steps"));
      const stream = (chunks: unknown[]) => ({
        stream: simulateReadableStream({
          chunks: chunks as never[],
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      });
      const model = new MockLanguageModelV3({
        doStream: [
          stream([
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: "c1", toolName: "Steps", input: "{}" },
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ]),
          stream([
            { type: "stream-start", warnings: [] },
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "done" },
            { type: "text-end", id: "t" },
            { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
          ]),
        ],
      });
      const result = streamText({
        model,
        tools: toAiSdkTools(registry, { ctx: createToolContext() }),
        stopWhen: stepCountIs(3),
        prompt: "count",
      });
      const seen: string[] = [];
      for await (const part of result.fullStream) {
        if (part.type !== "tool-result") continue;
        const output = part.output as { type?: string; update?: { message?: string }; parts?: unknown };
        seen.push(
          `${part.preliminary === true ? "preliminary" : "final"} ${
            output.type === "progress" ? output.update?.message : JSON.stringify(output.parts)
          }`,
        );
      }
      const final = JSON.stringify([{ type: "text", text: "done after 3 steps" }]);
      // The AI SDK repeats the last value as a preliminary part before the final one.
      expect(seen).toEqual([
        "preliminary step 1 of 3",
        "preliminary step 2 of 3",
        "preliminary step 3 of 3",
        `preliminary ${final}`,
        `final ${final}`,
      ]);
      const message = model.doStreamCalls[1]?.prompt.at(-1);
      const sent = message?.role === "tool" ? message.content : [];
      expect(sent).toHaveLength(1);
      expect(sent[0]?.type === "tool-result" && sent[0].output).toEqual({
        type: "text",
        value: "done after 3 steps",
      });
    });
  });
});

describe("toAiSdkTools preliminaryResults", () => {
  describe("when it is false", () => {
    it("makes execute a plain async function that resolves to the result, and the tool's progress unheard", async () => {
      const registry = new ToolRegistry();
      let heard: boolean | undefined;
      registry.register(
        new FnTool("Probe", "Says whether progress is heard.", { type: "object" }, (_input, ctx) => {
          heard = ctx.hasProgressListener;
          return "ok";
        }),
      );
      const tools = toAiSdkTools(registry, { ctx: createToolContext(), preliminaryResults: false });
      const pending = tools.Probe?.execute?.({}, { toolCallId: "c1", messages: [] });
      expect(pending).toBeInstanceOf(Promise);
      expect(await pending).toEqual({ isError: false, parts: [{ type: "text", text: "ok" }] });
      expect(heard).toBe(false);
    });
  });

  describe("when the tool fails softly", () => {
    it("yields the progress before it, then throws the AiSdkToolError", async () => {
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("Fails", "Reports, then fails.", { type: "object" }, (_input, ctx) => {
          ctx.progress({ message: "trying" });
          throw ToolError.execution("no luck");
        }),
      );
      const tools = toAiSdkTools(registry, { ctx: createToolContext() });
      const values: unknown[] = [];
      const iterable = tools.Fails?.execute?.(
        {},
        { toolCallId: "c1", messages: [] },
      ) as AsyncIterable<unknown>;
      const failure = await (async () => {
        for await (const value of iterable) values.push(value);
      })().catch((error: unknown) => error);
      expect(values).toEqual([{ type: "progress", update: { message: "trying" } }]);
      expect(failure).toBeInstanceOf(AiSdkToolError);
    });
  });
});
