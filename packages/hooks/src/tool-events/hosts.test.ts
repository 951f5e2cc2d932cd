// The same PreToolUse hook blocks the same call in every host: BareLoop, the
// MCP server (a real SDK client), the AI SDK's generateText (ai 6 here,
// ai 7 on Node 22+: CI's Node 24 pass), LangChain and the OpenAI Agents SDK.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolMessage } from "@langchain/core/messages";
import { RunContext, setTracingDisabled } from "@openai/agents";
import { toAiSdkTools } from "@toolkit/ai-sdk";
import { toLangChainTools } from "@toolkit/langchain";
import { toAgentsTools } from "@toolkit/openai-agents";
import { BareLoop, openaiChat } from "@toolkit/loop";
import { ScriptedModelServer } from "@toolkit/loop/test";
import { serveRegistry } from "@toolkit/mcp";
import { ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHooks, type Hooks } from "../engine/create-hooks.js";
import { type Project, project } from "../testing/test-helpers.js";

const BLOCK_RM = `#!/usr/bin/env bash
if grep -q '"command":"rm -rf'; then
  echo "Blocked: rm -rf is not allowed here" >&2
  exit 2
fi
`;
const REFUSAL = "Permission denied: a PreToolUse hook refused this call: Blocked: rm -rf is not allowed here";
const CALL = { command: "rm -rf keep.txt" };

let p: Project;
let hooks: Hooks;
let registry: ToolRegistry;
beforeEach(async () => {
  p = await project();
  await writeFile(join(p.dir, "keep.txt"), "x");
  const guard = await p.script("block-rm.sh", BLOCK_RM);
  hooks = createHooks({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard }] }] });
  registry = new ToolRegistry();
  registry.register(new Shell({ sandbox: "off" }));
});
afterEach(async () => {
  // The file survived in every host.
  expect(await readFile(join(p.dir, "keep.txt"), "utf8")).toBe("x");
  await p.cleanup();
});

describe("a PreToolUse hook in every host", () => {
  it("blocks the call in BareLoop, and the model reads the reason", async () => {
    const server = await ScriptedModelServer.start({
      script: [{ toolCalls: [{ name: "Shell", input: CALL }] }, { text: "ok" }],
    });
    const loop = new BareLoop({
      model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
      registry,
      cwd: p.dir,
      isNonInteractive: true,
      middleware: [hooks.middleware()],
    });
    try {
      await loop.run("clean up");
      expect(server.requests[1]?.body).toContain(JSON.stringify(REFUSAL).slice(1, -1));
    } finally {
      await loop.dispose();
      await server.close();
    }
  });

  it("blocks the call over MCP, seen by a real SDK client", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const served = await serveRegistry(registry, {
      name: "hooked",
      version: "1.0.0",
      transport: serverSide,
      middleware: [hooks.middleware()],
      ctx: p.ctx,
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(clientSide);
      const result = await client.callTool({ name: "Shell", arguments: CALL });
      expect(result.isError).toBe(true);
      const first = Array.isArray(result.content) ? result.content[0] : undefined;
      expect(first?.type === "text" && first.text).toMatch(new RegExp(`^${escapeRe(REFUSAL)}`));
    } finally {
      await client.close();
      await served.close();
    }
  });

  it("blocks the call through the LangChain adapter", async () => {
    const tools = toLangChainTools(registry, { ctx: p.ctx, middleware: [hooks.middleware()] });
    const shell = tools.find((t) => t.name === "Shell");
    const message = await shell?.invoke({ type: "tool_call", id: "c1", name: "Shell", args: CALL });
    expect(message).toBeInstanceOf(ToolMessage);
    const text = message instanceof ToolMessage ? String(message.content) : "";
    expect(text).toMatch(new RegExp(`^${escapeRe(REFUSAL)}`));
  });

  it("blocks the call through the OpenAI Agents adapter", async () => {
    setTracingDisabled(true);
    const tools = toAgentsTools(registry, { ctx: p.ctx, strict: false, middleware: [hooks.middleware()] });
    const shell = tools.find((t) => t.name === "Shell");
    const args = JSON.stringify(CALL);
    const output = await shell?.invoke(new RunContext(), args, {
      toolCall: { type: "function_call", callId: "c1", name: "Shell", arguments: args, status: "completed" },
    });
    expect(String(output)).toMatch(new RegExp(`^${escapeRe(REFUSAL)}`));
  });

  const nodeMajor = Number(process.versions.node.split(".")[0]);
  type Host = {
    generateText: typeof import("ai").generateText;
    stepCountIs: typeof import("ai").stepCountIs;
  };
  type Mock = typeof import("ai/test").MockLanguageModelV3;
  const hosts: [string, () => Promise<[Host, Mock]>][] = [
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
    console.log(`ai 7 needs Node 22 or newer (this is Node ${process.versions.node}): CI runs it on Node 24`);
  }
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };

  it.each(hosts)("blocks the call in %s generateText through the adapter", async (_name, load) => {
    const [{ generateText, stepCountIs }, MockLanguageModelV3] = await load();
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "Shell", input: JSON.stringify(CALL) }],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "ok" }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        },
      ],
    });
    await generateText({
      model,
      tools: toAiSdkTools(registry, { ctx: p.ctx, middleware: [hooks.middleware()] }),
      stopWhen: stepCountIs(3),
      prompt: "clean up",
    });
    const message = model.doGenerateCalls[1]?.prompt.at(-1);
    const part = message?.role === "tool" ? message.content[0] : undefined;
    const output = part?.type === "tool-result" ? part.output : undefined;
    expect(output && "value" in output ? String(output.value) : "").toMatch(
      new RegExp(`^${escapeRe(REFUSAL)}`),
    );
  });
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
