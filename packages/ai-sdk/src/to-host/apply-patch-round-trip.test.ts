import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { ToolRegistry } from "@toolkit/registry";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "./to-ai-sdk-tools.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type CallOptions = MockLanguageModelV3["doGenerateCalls"][number];

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function callTool(toolCallId: string, toolName: string, input: unknown): GenerateResult {
  return {
    content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

const answer = (text: string): GenerateResult => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: "stop" },
  usage,
  warnings: [],
});

/** The last tool-result part the model was sent in a request. */
function lastToolResult(call: CallOptions | undefined): unknown {
  let out: unknown;
  for (const message of call?.prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) if (part.type === "tool-result") out = part.output;
  }
  return out;
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "toolkit-ai-sdk-patch-"));
  await writeFile(join(root, "a.txt"), "one\ntwo\n");
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("toAiSdkTools", () => {
  describe("when the model patches files with ApplyPatch", () => {
    it("advertises it with the fs tools, runs the patch and sends the reply back", async () => {
      const registry = new ToolRegistry();
      for (const tool of createFsTools()) registry.register(tool);
      const ctx = createToolContext({ cwd: root, isNonInteractive: true });
      const patch =
        "*** Begin Patch\n*** Update File: a.txt\n one\n-two\n+2\n*** Add File: b.txt\n+bee\n*** End Patch";
      const model = new MockLanguageModelV3({
        doGenerate: [
          callTool("call-1", "Read", { file_path: "a.txt" }),
          callTool("call-2", "ApplyPatch", { patch }),
          answer("done"),
        ],
      });
      const result = await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(4),
        prompt: "change two to 2 and add b.txt",
      });
      expect(result.text).toBe("done");
      const advertised = model.doGenerateCalls[0]?.tools?.find((t) => t.name === "ApplyPatch");
      expect(advertised).toMatchObject({
        type: "function",
        inputSchema: registry.get("ApplyPatch")?.schema().input_schema,
      });
      expect(lastToolResult(model.doGenerateCalls[2])).toEqual({
        type: "text",
        value: expect.stringMatching(/^M a\.txt\nA b\.txt\n\n--- a\/a\.txt\n\+\+\+ b\/a\.txt\n/),
      });
      expect(await readFile(join(root, "a.txt"), "utf8")).toBe("one\n2\n");
      expect(await readFile(join(root, "b.txt"), "utf8")).toBe("bee\n");
    });
  });
});
