// The conformance suite every host adapter runs, driven through LangChain's
// own entry point: `invoke` with a tool call, which answers with a
// ToolMessage (status "error" is LangChain's failure; the artifact holds
// the structured value).
import { ToolMessage } from "@langchain/core/messages";
import { adapterConformance, type HostReply } from "@toolkit/test-kit";
import { toLangChainTools } from "./to-langchain-tools.js";
import type { ToolkitStructuredTool } from "./toolkit-structured-tool.js";

adapterConformance<ToolkitStructuredTool[]>({
  name: "LangChain",
  adapt: (registry, ctx) => toLangChainTools(registry, { ctx }),
  async call(tools, { id, name, input, signal }): Promise<HostReply> {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`the LangChain tools have no '${name}'`);
    const message: unknown = await tool.invoke(
      { type: "tool_call", id, name, args: input as Record<string, unknown> },
      signal ? { signal } : {},
    );
    if (!ToolMessage.isInstance(message)) throw new Error(`invoke answered ${JSON.stringify(message)}`);
    const blocks =
      typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    const text = blocks
      .flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : []))
      .join("\n");
    const images = blocks.flatMap((b) =>
      b.type === "image" ? [{ mediaType: String(b.mimeType), data: String(b.data) }] : [],
    );
    return {
      failed: message.status === "error",
      text,
      images,
      ...(message.artifact === undefined ? {} : { structured: message.artifact }),
    };
  },
});
