// Round trip through the installed `@openai/agents`: a scripted Model calls
// `add`; the result must come back to the model as the call's output.
import { Agent, Runner, Usage } from "@openai/agents";
import { toAgentsTools } from "@toolkit/openai-agents";
import { calculator, ctx, expect, versionOf } from "./calculator.mjs";

const requests = [];
const turns = [
  [{ type: "function_call", callId: "call-1", name: "add", arguments: '{"a":2,"b":3}', status: "completed" }],
  [
    {
      type: "message",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "5" }],
    },
  ],
];
const model = {
  async getResponse(request) {
    requests.push(request);
    const output = turns.shift();
    if (!output) throw new Error("no scripted turn left");
    return { usage: new Usage(), output, responseId: `resp-${requests.length}` };
  },
  getStreamedResponse() {
    throw new Error("not streamed");
  },
};
const agent = new Agent({
  name: "tester",
  instructions: "Use the tools.",
  model,
  tools: toAgentsTools(calculator(), { ctx }),
});
const result = await new Runner({ tracingDisabled: true }).run(agent, "2+3?");
const input = Array.isArray(requests[1]?.input) ? requests[1].input : [];
const out = input.find((i) => i.type === "function_call_result" && i.callId === "call-1");
expect(result.finalOutput === "5", `final output ${JSON.stringify(result.finalOutput)}`);
expect(JSON.stringify(out?.output ?? "").includes("5"), `tool output ${JSON.stringify(out)}`);
console.log(`@openai/agents ${versionOf("@openai/agents")} on Node ${process.versions.node}: round trip ok`);
