// Round trip through the installed `@langchain/core`: a tool call from a
// chat model's AIMessage is invoked and answers with a ToolMessage.
import { AIMessage } from "@langchain/core/messages";
import { toLangChainTools } from "@toolkit/langchain";
import { calculator, ctx, expect, versionOf } from "./calculator.mjs";

const [add] = toLangChainTools(calculator(), { ctx });
const message = new AIMessage({
  content: "",
  tool_calls: [{ type: "tool_call", id: "call-1", name: "add", args: { a: 2, b: 3 } }],
});
const reply = await add.invoke(message.tool_calls[0]);
expect(reply?.tool_call_id === "call-1", `tool_call_id ${reply?.tool_call_id}`);
expect(String(reply?.content) === "5", `content ${JSON.stringify(reply?.content)}`);
console.log(
  `@langchain/core ${versionOf("@langchain/core")} on Node ${process.versions.node}: round trip ok`,
);
