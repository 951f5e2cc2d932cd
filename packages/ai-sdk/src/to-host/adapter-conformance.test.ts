// The conformance suite every host adapter runs, driven through the AI SDK's
// own tool entry points: `execute` (a throw is the SDK's tool-error) and
// `toModelOutput` (what the model is sent).
import { adapterConformance, type HostReply } from "@toolkit/test-kit";
import type { ToolSet } from "ai";
import { AiSdkToolError } from "../output/ai-sdk-tool-error.js";
import { toAiSdkTools } from "./to-ai-sdk-tools.js";

/** What the AI SDK takes from `execute`: the last value of an async iterable, or the awaited value. */
async function lastValue(result: unknown): Promise<unknown> {
  if (result === null || typeof result !== "object" || !(Symbol.asyncIterator in result)) return result;
  let last: unknown;
  for await (const value of result as AsyncIterable<unknown>) last = value;
  return last;
}

adapterConformance<ToolSet>({
  name: "AI SDK",
  adapt: (registry, ctx) => toAiSdkTools(registry, { ctx }),
  async call(tools, { id, name, input, signal }): Promise<HostReply> {
    const tool = tools[name];
    if (!tool?.execute || !tool.toModelOutput) throw new Error(`the AI SDK tools have no '${name}'`);
    let output: unknown;
    try {
      output = await lastValue(
        tool.execute(input, {
          toolCallId: id,
          messages: [],
          ...(signal ? { abortSignal: signal } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof AiSdkToolError) return { failed: true, text: error.message, images: [] };
      throw error;
    }
    const shown = await tool.toModelOutput({ toolCallId: id, input, output });
    const structured = (output as { structured?: unknown }).structured;
    const base = structured === undefined ? {} : { structured };
    switch (shown.type) {
      case "text":
        return { failed: false, text: shown.value, images: [], ...base };
      case "json":
        return { failed: false, text: JSON.stringify(shown.value), images: [], ...base };
      case "content": {
        const text = shown.value.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
        const images = shown.value.flatMap((p) =>
          p.type === "image-data" ? [{ mediaType: p.mediaType, data: p.data }] : [],
        );
        return { failed: false, text, images, ...base };
      }
      default:
        // An error part without a throw: the SDK records a tool-result, not
        // a tool-error, so the call did not fail in the SDK's terms.
        return { failed: false, text: String("value" in shown ? shown.value : ""), images: [], ...base };
    }
  },
});
