// A first taste of the contract: define a tool, validate a call, run it.
// (The full scripted agent session replaces this once @toolkit/loop lands.)
import { createToolContext, FnTool, Think, ToolError } from "@toolkit/core";

const add = new FnTool(
  "add",
  "Adds two numbers and returns the sum.",
  { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
  ({ a, b }: { a: number; b: number }) => ({ sum: a + b }),
).readOnly();

const ctx = createToolContext();
for (const [tool, input] of [
  [add, { a: 2, b: 3 }],
  [add, { a: 2 }],
  [new Think(), { thought: "Restate the goal: add two numbers." }],
] as const) {
  try {
    const out = await tool.call(input, ctx);
    console.log(`${tool.name}(${JSON.stringify(input)}) -> ${out.textContent()}`);
  } catch (error) {
    if (!ToolError.is(error)) throw error;
    console.log(`${tool.name}(${JSON.stringify(input)}) -> soft failure: ${error.modelText()}`);
  }
}
