import { calculator, deferred } from "@toolkit/test-kit";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { BaseChatModel, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import {
  AIMessage,
  type AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createToolContext, FnTool, ToolError, ToolOutput } from "@toolkit/core";
import { approvals, MemoryApprovalStore } from "@toolkit/middleware";
import { type Middleware, selectReadOnly, ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { toLangChainTools } from "./to-langchain-tools.js";
import type { ToolkitStructuredTool } from "./toolkit-structured-tool.js";

/** A stand-in for the LLM: answers each call with the next scripted message and records what it was sent. */
class ScriptedChatModel extends BaseChatModel {
  readonly received: BaseMessage[][] = [];
  boundTools: ReturnType<typeof convertToOpenAITool>[] = [];
  readonly #replies: AIMessage[];

  constructor(replies: AIMessage[]) {
    super({});
    this.#replies = [...replies];
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk> {
    this.boundTools = tools.map((t) => convertToOpenAITool(t));
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.received.push([...messages]);
    const reply = this.#replies.shift();
    if (!reply) throw new Error(`ScriptedChatModel: no reply left for call ${this.received.length}`);
    return {
      generations: [{ message: reply, text: typeof reply.content === "string" ? reply.content : "" }],
    };
  }
}

function callTool(name: string, args: Record<string, unknown>, id = "call-1"): AIMessage {
  return new AIMessage({ content: "", tool_calls: [{ type: "tool_call", id, name, args }] });
}

/**
 * The agent loop: the model's tool calls are invoked as ToolCalls and their
 * ToolMessages sent back; a fired signal stops it before the next model call.
 */
async function runLoop(
  model: ScriptedChatModel,
  tools: ToolkitStructuredTool[],
  prompt: string,
  signal?: AbortSignal,
): Promise<BaseMessage[]> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage(prompt)];
  for (let step = 0; step < 5; step++) {
    signal?.throwIfAborted();
    const reply = await bound.invoke(messages, signal ? { signal } : {});
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const call of reply.tool_calls) {
      const tool = byName.get(call.name);
      if (!tool) throw new Error(`no tool ${call.name}`);
      messages.push(await tool.invoke(call, signal ? { signal } : {}));
    }
  }
  return messages;
}

function toolMessages(messages: BaseMessage[]): ToolMessage[] {
  return messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
}

const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });

describe("toLangChainTools", () => {
  describe("when the model calls a tool in the loop", () => {
    it("runs it through the middleware and answers with a ToolMessage", async () => {
      const seen: string[] = [];
      const record: Middleware = async function record(call, next) {
        seen.push(`${call.id}:${call.name}:${JSON.stringify(call.input)}`);
        return next(call);
      };
      const model = new ScriptedChatModel([callTool("add", { a: 2, b: 3 }), new AIMessage("5")]);
      const messages = await runLoop(
        model,
        toLangChainTools(calculator(), { middleware: [record], ctx }),
        "2+3?",
      );
      expect(seen).toEqual(['call-1:add:{"a":2,"b":3}']);
      const [answer] = toolMessages(messages);
      expect(answer).toMatchObject({ content: "5", status: "success", tool_call_id: "call-1", name: "add" });
      expect(model.received[1]?.at(-1)).toBe(answer);
      expect(messages.at(-1)?.content).toBe("5");
    });

    it("shows the model the registry's JSON Schema", () => {
      const model = new ScriptedChatModel([]);
      model.bindTools(toLangChainTools(calculator(), { ctx }));
      expect(model.boundTools).toEqual([
        {
          type: "function",
          function: {
            name: "add",
            description: "Adds two integers.",
            parameters: calculator().get("add")?.schema().input_schema,
          },
        },
      ]);
    });
  });

  describe("when the tool returns JSON or images", () => {
    it("puts JSON in the content and its value in the artifact, and images in image blocks", async () => {
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("stats", "Counts.", { type: "object", properties: {} }, async () =>
          ToolOutput.structured({ n: 2 }),
        ),
      );
      registry.register(
        new FnTool("shot", "Screenshots.", { type: "object", properties: {} }, async () =>
          ToolOutput.multipart([
            { type: "text", text: "the page" },
            { type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" },
          ]),
        ),
      );
      const model = new ScriptedChatModel([
        new AIMessage({
          content: "",
          tool_calls: [
            { type: "tool_call", id: "c1", name: "stats", args: {} },
            { type: "tool_call", id: "c2", name: "shot", args: {} },
          ],
        }),
        new AIMessage("ok"),
      ]);
      const [stats, shot] = toolMessages(await runLoop(model, toLangChainTools(registry, { ctx }), "go"));
      expect(stats).toMatchObject({ content: '{"n":2}', artifact: { n: 2 }, status: "success" });
      expect(shot?.content).toEqual([
        { type: "text", text: "the page" },
        { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
      ]);
      expect(shot?.artifact).toBeUndefined();
    });
  });

  describe("when the output carries a structured value beside text or under another hint", () => {
    it("keeps the value in the artifact and the text the model reads in the content", async () => {
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("search", "Searches.", { type: "object", properties: {} }, async () =>
          ToolOutput.text("1. Toolkit").withStructured({ results: [{ title: "Toolkit" }] }),
        ),
      );
      registry.register(
        new FnTool("snippet", "Shows code.", { type: "object", properties: {} }, async () =>
          ToolOutput.structured({ code: "x = 1" }).withHint("code"),
        ),
      );
      const model = new ScriptedChatModel([
        new AIMessage({
          content: "",
          tool_calls: [
            { type: "tool_call", id: "c1", name: "search", args: {} },
            { type: "tool_call", id: "c2", name: "snippet", args: {} },
          ],
        }),
        new AIMessage("ok"),
      ]);
      const [search, snippet] = toolMessages(await runLoop(model, toLangChainTools(registry, { ctx }), "go"));
      expect(search).toMatchObject({
        content: "1. Toolkit",
        artifact: { results: [{ title: "Toolkit" }] },
        status: "success",
      });
      expect(snippet).toMatchObject({
        content: '{"code":"x = 1"}',
        artifact: { code: "x = 1" },
        status: "success",
      });
    });
  });

  describe("when the call fails softly", () => {
    it("answers input LangChain's own check rejects with an error ToolMessage from dispatch", async () => {
      const model = new ScriptedChatModel([callTool("add", { a: "two", b: 3 }), new AIMessage("sorry")]);
      const messages = await runLoop(model, toLangChainTools(calculator(), { ctx }), "2+3?");
      const [answer] = toolMessages(messages);
      expect(answer).toMatchObject({
        status: "error",
        tool_call_id: "call-1",
        content:
          'Invalid input: `a` must be an integer, got string ("two")\nFix the arguments so they match the tool\'s input schema, then call it again.',
      });
      expect(messages.at(-1)?.content).toBe("sorry");
    });

    it("returns the error text when invoked with bare arguments", async () => {
      const [add] = toLangChainTools(calculator(), { ctx });
      await expect(add?.invoke({ a: 1 })).resolves.toBe(
        "Invalid input: missing required field `b` (expected an integer)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
    });
  });

  describe("when the invocation is aborted during a call", () => {
    it("fires the signal the tool sees", async () => {
      const controller = new AbortController();
      const running = deferred();
      let seenReason: unknown;
      const registry = new ToolRegistry();
      registry.register(
        new FnTool(
          "wait",
          "Waits until cancelled.",
          { type: "object", properties: {} },
          (_input, toolCtx) => {
            running.resolve();
            return new Promise<string>((resolve) => {
              toolCtx.signal.addEventListener("abort", () => {
                seenReason = toolCtx.signal.reason;
                resolve("stopped");
              });
            });
          },
        ),
      );
      const model = new ScriptedChatModel([callTool("wait", {}), new AIMessage("never")]);
      const run = runLoop(model, toLangChainTools(registry, { ctx }), "wait", controller.signal);
      await running.promise;
      controller.abort(new Error("user pressed stop"));
      await expect(run).rejects.toThrow("user pressed stop");
      expect(seenReason).toEqual(new Error("user pressed stop"));
      expect(model.received).toHaveLength(1);
      const [wait] = toLangChainTools(registry, { ctx });
      const late = await wait?.invoke(
        { type: "tool_call", id: "c2", name: "wait", args: {} },
        { signal: controller.signal },
      );
      expect(late).toMatchObject({
        status: "error",
        content: ToolError.cancelled().toOutput().textContent(),
      });
      expect(ctx.signal.aborted).toBe(false);
    });
  });

  describe("when the approvals middleware guards a tool", () => {
    function notes(): { registry: ToolRegistry; written: string[] } {
      const written: string[] = [];
      const registry = new ToolRegistry();
      registry.register(
        new FnTool(
          "write",
          "Writes a note.",
          { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
          async (input: { text: string }) => {
            written.push(input.text);
            return "written";
          },
        ),
      );
      return { registry, written };
    }

    it.each([
      ["tool", "success", "written", ["hi"]],
      [
        "deny",
        "error",
        "Permission denied: the user did not approve this call to 'write'.\nDo not retry this call; choose an allowed action or ask the user for permission.",
        [],
      ],
    ] as const)(
      "asks before running and answers the decision (%s)",
      async (answer, status, content, expected) => {
        const { registry, written } = notes();
        const asked: string[] = [];
        const guard = approvals({
          ask: ({ call }) => {
            asked.push(call.name);
            return answer;
          },
          store: new MemoryApprovalStore(),
        });
        const model = new ScriptedChatModel([callTool("write", { text: "hi" }), new AIMessage("done")]);
        const [reply] = toolMessages(
          await runLoop(model, toLangChainTools(registry, { middleware: [guard], ctx }), "note"),
        );
        expect(asked).toEqual(["write"]);
        expect(written).toEqual(expected);
        expect(reply).toMatchObject({ status, content });
      },
    );
  });

  describe("when a selector is given", () => {
    it("adapts only the advertised tools and refuses the others", async () => {
      const registry = calculator();
      registry.register(new FnTool("write", "Writes.", { type: "object", properties: {} }, async () => "ok"));
      const tools = toLangChainTools(registry, { ctx, selector: selectReadOnly() });
      expect(tools.map((t) => t.name)).toEqual(["add"]);
      expect(toLangChainTools(registry, { ctx }).map((t) => t.name)).toEqual(["add", "write"]);
    });
  });

  describe("when an option is invalid", () => {
    it.each([
      [{ middleware: {} }, "`middleware`"],
      [{ ctx: "ctx" }, "`ctx`"],
      [{ selector: [] }, "`selector`"],
    ])("throws a TypeError naming it (%j)", (options, name) => {
      // @ts-expect-error deliberately wrong option types
      expect(() => toLangChainTools(calculator(), options)).toThrow(name);
    });
  });
});
