// Round trip through the installed `ai`: the scripted model calls `add`, the
// adapted tool runs through dispatch, and the result reaches the next request.
import { toAiSdkTools } from "@toolkit/ai-sdk";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { calculator, ctx, expect, versionOf } from "./calculator.mjs";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const model = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call-1", toolName: "add", input: '{"a":2,"b":3}' }],
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage,
      warnings: [],
    },
    {
      content: [{ type: "text", text: "5" }],
      finishReason: { unified: "stop", raw: "stop" },
      usage,
      warnings: [],
    },
  ],
});
const result = await generateText({
  model,
  tools: toAiSdkTools(calculator(), { ctx }),
  stopWhen: stepCountIs(3),
  prompt: "2+3?",
});
const sent = JSON.stringify(model.doGenerateCalls[1]?.prompt ?? []);
expect(result.text === "5", `final text ${JSON.stringify(result.text)}`);
expect(sent.includes('"tool-result"') && sent.includes('"5"'), `second request ${sent}`);
console.log(`ai ${versionOf("ai")} on Node ${process.versions.node}: round trip ok`);
