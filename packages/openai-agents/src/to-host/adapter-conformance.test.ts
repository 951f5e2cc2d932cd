// The conformance suite every host adapter runs, driven through the Agents
// SDK's own entry point: `invoke` inside a function span. The SDK turns a
// tool's throw into the text its errorFunction returns and records the
// failure on that span, so the span's error is the SDK's failure marker.
import {
  RunContext,
  setTraceProcessors,
  setTracingDisabled,
  withFunctionSpan,
  withTrace,
} from "@openai/agents";
import { adapterConformance, type HostReply } from "@toolkit/test-kit";
import { afterAll, beforeAll } from "vitest";
import { toAgentsTools } from "./to-agents-tools.js";

// Tracing is off under NODE_ENV=test; spans record errors only when it is on.
beforeAll(() => {
  setTraceProcessors([]);
  setTracingDisabled(false);
});
afterAll(() => setTracingDisabled(true));

adapterConformance<ReturnType<typeof toAgentsTools>>({
  name: "OpenAI Agents",
  // The Agents SDK sends a function tool's text only; a structured value does not reach it.
  keepsStructured: false,
  // Not strict: the suite sends what a model sends for the registered schema
  // (a strict model sends null for every absent field; to-agents-tools.test.ts
  // covers that mapping).
  adapt: (registry, ctx) => toAgentsTools(registry, { ctx, strict: false }),
  async call(tools, { id, name, input, signal }): Promise<HostReply> {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`the Agents tools have no '${name}'`);
    const args = JSON.stringify(input);
    const toolCall = {
      type: "function_call",
      callId: id,
      name,
      arguments: args,
      status: "completed",
    } as const;
    const { output, failed } = await withTrace("conformance", () =>
      withFunctionSpan(
        async (span) => {
          const output = await tool.invoke(new RunContext(), args, {
            toolCall,
            ...(signal ? { signal } : {}),
          });
          return { output, failed: span.error !== null };
        },
        { data: { name } },
      ),
    );
    if (typeof output === "string") return { failed, text: output, images: [] };
    const items = output as Array<{
      type: string;
      text?: string;
      image?: { data: string; mediaType: string };
    }>;
    return {
      failed,
      text: items.flatMap((i) => (i.type === "text" && i.text !== undefined ? [i.text] : [])).join("\n"),
      images: items.flatMap((i) => (i.type === "image" && i.image ? [i.image] : [])),
    };
  },
});
