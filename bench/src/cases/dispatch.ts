// @toolkit/registry + @toolkit/middleware: per-call overhead of dispatch for a trivial tool,
// bare, validated, and validated behind five middleware layers, against the same tool called
// through LangChain's tool().invoke() and through the AI SDK's tool() with its own zod validation.
import { tool as langchainTool } from "@langchain/core/tools";
import { createToolContext, type Tool, ToolOutput } from "@toolkit/core";
import { outputLimit, permissions, redact, timeout, trace, unknownToolHints } from "@toolkit/middleware";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { tool as aiTool, asSchema } from "ai";
import { z } from "zod";
import { type BenchCase, medianNs, type Row } from "../harness.js";

const INPUT = { a: 2, b: 3 };

const ADD_SCHEMA = Object.freeze({
  tool: "add",
  description: "Adds two numbers.",
  input_schema: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
    additionalProperties: false,
  },
});

/** The trivial tool as a bare Tool (one schema object, as FnTool keeps), so dispatch does the only validation. */
const add: Tool = {
  name: "add",
  description: "Adds two numbers.",
  schema: () => ADD_SCHEMA,
  call: async (input) => {
    const { a, b } = input as { a: number; b: number };
    return ToolOutput.text(String(a + b));
  },
};

const zodInput = z.object({ a: z.number(), b: z.number() });

export const cases: BenchCase[] = [
  {
    name: "dispatch: per-call overhead",
    async run(): Promise<Row[]> {
      const registry = new ToolRegistry();
      registry.register(add);
      const ctx = createToolContext({ cwd: process.cwd() });
      const calls = [{ id: "call_1", name: "add", input: INPUT }];
      // The five layers a host runs on every call; memoize is left out (a hit would skip the tool).
      const layers = [
        trace(),
        unknownToolHints(),
        outputLimit({ maxBytes: 32_768 }),
        redact(),
        permissions({ rules: { allow: ["add"], deny: ["Shell(rm *)"] }, mode: "deny" }),
      ];
      const withTimeout = [...layers, timeout({ seconds: 30 })];
      const check = await dispatch(registry, calls, { ctx, middleware: withTimeout });
      if (check[0]?.output.textContent() !== "5")
        throw new Error("dispatch bench: the tool did not answer 5");

      const bare = await medianNs(() => dispatch(registry, calls, { ctx, validate: false }));
      const validated = await medianNs(() => dispatch(registry, calls, { ctx }));
      const stacked = await medianNs(() => dispatch(registry, calls, { ctx, middleware: layers }));
      const timed = await medianNs(() => dispatch(registry, calls, { ctx, middleware: withTimeout }));

      const lc = langchainTool(({ a, b }) => String(a + b), {
        name: "add",
        description: "Adds two numbers.",
        schema: zodInput,
      });
      if ((await lc.invoke(INPUT)) !== "5")
        throw new Error("dispatch bench: LangChain tool did not answer 5");
      const langchain = await medianNs(() => lc.invoke(INPUT));

      const sdkTool = aiTool({
        description: "Adds two numbers.",
        inputSchema: zodInput,
        execute: async ({ a, b }) => String(a + b),
      });
      const sdkSchema = asSchema(sdkTool.inputSchema);
      const execute = sdkTool.execute;
      const validate = sdkSchema.validate;
      if (!execute || !validate) throw new Error("dispatch bench: the AI SDK tool lacks execute or validate");
      const options = { toolCallId: "call_1", messages: [] };
      const sdkCall = async () => {
        const parsed = await validate(INPUT);
        if (!parsed.success) throw parsed.error;
        return execute(parsed.value, options);
      };
      if ((await sdkCall()) !== "5") throw new Error("dispatch bench: AI SDK tool did not answer 5");
      const aiSdk = await medianNs(sdkCall);

      const peerLc = "@langchain/core tool().invoke() (zod)";
      const peerAi = "ai tool(): schema validate + execute (zod)";
      return [
        {
          case: "dispatch bare (validate: false)",
          ours: bare,
          peer: peerLc,
          peerValue: langchain,
          unit: "ns",
        },
        {
          case: "dispatch validated",
          ours: validated,
          peer: peerAi,
          peerValue: aiSdk,
          unit: "ns",
          note: `goal <= 1.20x: ${validated <= aiSdk * 1.2 ? "met" : "missed"}`,
        },
        {
          case: "dispatch validated + 5 layers",
          ours: stacked,
          peer: peerLc,
          peerValue: langchain,
          unit: "ns",
          note: `goal < 0.20x: ${stacked < langchain / 5 ? "met" : "missed"}`,
        },
        {
          case: "dispatch validated + 5 layers",
          ours: stacked,
          peer: peerAi,
          peerValue: aiSdk,
          unit: "ns",
          note: `goal <= 2.00x: ${stacked <= aiSdk * 2 ? "met" : "missed"}`,
        },
        {
          case: "dispatch validated + 5 layers + timeout",
          ours: timed,
          peer: peerLc,
          peerValue: langchain,
          unit: "ns",
          note: `goal <= 3 µs: ${timed <= 3000 ? "met" : "missed"} (one shared timer, a signal made only if read)`,
        },
      ];
    },
  },
];
