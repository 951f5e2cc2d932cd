import { calculator, deferred } from "@toolkit/test-kit";
import { createToolContext, FnTool, ToolOutput } from "@toolkit/core";
import { type Middleware, selectReadOnly, ToolRegistry } from "@toolkit/registry";
import { generateText, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { toAiSdkTools } from "./to-ai-sdk-tools.js";
import { AiSdkToolError } from "../output/ai-sdk-tool-error.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type CallOptions = MockLanguageModelV3["doGenerateCalls"][number];

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function callTool(toolName: string, input: unknown, toolCallId = "call-1"): GenerateResult {
  return {
    content: [{ type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  };
}

function answer(text: string): GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage,
    warnings: [],
  };
}

/** The tool-result part the model was sent in a later request. */
function toolResultIn(call: CallOptions | undefined): unknown {
  for (const message of call?.prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) if (part.type === "tool-result") return part.output;
  }
  return undefined;
}

const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });

describe("toAiSdkTools", () => {
  describe("when the model calls a tool in generateText", () => {
    it("runs it through the middleware and sends the result back", async () => {
      const seen: string[] = [];
      const record: Middleware = async function record(call, next) {
        seen.push(`${call.id}:${call.name}:${JSON.stringify(call.input)}`);
        return next(call);
      };
      const model = new MockLanguageModelV3({ doGenerate: [callTool("add", { a: 2, b: 3 }), answer("5")] });
      const result = await generateText({
        model,
        tools: toAiSdkTools(calculator(), { middleware: [record], ctx }),
        stopWhen: stepCountIs(3),
        prompt: "2 + 3?",
      });
      expect(result.text).toBe("5");
      expect(seen).toEqual(['call-1:add:{"a":2,"b":3}']);
      expect(toolResultIn(model.doGenerateCalls[1])).toEqual({ type: "text", value: "5" });
    });

    it("shows the model the registry's schema and description", async () => {
      const model = new MockLanguageModelV3({ doGenerate: [answer("hi")] });
      await generateText({ model, tools: toAiSdkTools(calculator(), { ctx }), prompt: "hi" });
      expect(model.doGenerateCalls[0]?.tools).toEqual([
        {
          type: "function",
          name: "add",
          description: "Adds two integers.",
          inputSchema: calculator().get("add")?.schema().input_schema,
        },
      ]);
    });
  });

  describe("when strict is set", () => {
    it("shows the strict schema and maps the model's nulls back to absent", async () => {
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("add", { a: 1, b: 1, note: null }), answer("2")],
      });
      const tools = toAiSdkTools(calculator(), { ctx, strict: true });
      await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: "1 + 1?" });
      const shown = model.doGenerateCalls[0]?.tools?.[0];
      expect(shown).toMatchObject({
        strict: true,
        inputSchema: { required: ["a", "b", "note"], properties: { note: { type: ["string", "null"] } } },
      });
      expect(toolResultIn(model.doGenerateCalls[1])).toEqual({ type: "text", value: "2" });
    });
  });

  describe("when the call fails softly", () => {
    it("answers invalid input with error-text and lets the run go on", async () => {
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("add", { a: "two", b: 3 }), answer("sorry")],
      });
      const result = await generateText({
        model,
        tools: toAiSdkTools(calculator(), { ctx }),
        stopWhen: stepCountIs(3),
        prompt: "2 + 3?",
      });
      expect(result.text).toBe("sorry");
      const text =
        'Invalid input: `a` must be an integer, got string ("two")\nFix the arguments so they match the tool\'s input schema, then call it again.';
      const output = toolResultIn(model.doGenerateCalls[1]);
      expect(output).toEqual({ type: "error-text", value: text });
      const parts = result.steps[0]?.content ?? [];
      expect(parts.filter((p) => p.type === "tool-result")).toEqual([]);
      const failure = parts.find((p) => p.type === "tool-error");
      expect(failure).toMatchObject({ type: "tool-error", toolCallId: "call-1", toolName: "add" });
      expect(failure?.type === "tool-error" && failure.error).toBeInstanceOf(AiSdkToolError);
      expect(failure?.type === "tool-error" && (failure.error as AiSdkToolError).message).toBe(text);
      expect(failure?.type === "tool-error" && (failure.error as AiSdkToolError).result.isError).toBe(true);
    });

    it("answers a throwing tool with `Tool 'x' threw: ...`", async () => {
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("explode", "Always fails.", { type: "object", properties: {} }, async () => {
          throw new Error("boom");
        }),
      );
      const model = new MockLanguageModelV3({ doGenerate: [callTool("explode", {}), answer("it failed")] });
      const result = await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(3),
        prompt: "go",
      });
      expect(result.text).toBe("it failed");
      expect(toolResultIn(model.doGenerateCalls[1])).toEqual({
        type: "error-text",
        value: "Tool 'explode' threw: boom",
      });
      expect(result.steps[0]?.content.map((p) => p.type)).toEqual(["tool-call", "tool-error"]);
      expect(result.steps[0]?.toolResults).toEqual([]);
    });
  });

  describe("when generateText is aborted during a call", () => {
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
      const model = new MockLanguageModelV3({ doGenerate: [callTool("wait", {}), answer("never")] });
      const run = generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(3),
        abortSignal: controller.signal,
        prompt: "wait",
      });
      await running.promise;
      controller.abort(new Error("user pressed stop"));
      await expect(run).rejects.toThrow("user pressed stop");
      expect(seenReason).toEqual(new Error("user pressed stop"));
      expect(model.doGenerateCalls).toHaveLength(1);
      expect(ctx.signal.aborted).toBe(false);
    });

    it("answers a call that starts after the abort with `Cancelled`", async () => {
      const tools = toAiSdkTools(calculator(), { ctx, preliminaryResults: false });
      const controller = new AbortController();
      controller.abort();
      const failure = await Promise.resolve(
        tools.add?.execute?.(
          { a: 1, b: 2 },
          { toolCallId: "c1", messages: [], abortSignal: controller.signal },
        ),
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AiSdkToolError);
      expect((failure as AiSdkToolError).result).toMatchObject({
        isError: true,
        parts: [{ type: "text", text: expect.stringMatching(/^Cancelled/) }],
      });
    });
  });

  describe("when a call needs approval", () => {
    function files(): ToolRegistry {
      const registry = calculator();
      registry.register(
        new FnTool(
          "write",
          "Writes a note.",
          { type: "object", properties: { text: { type: "string" } } },
          async () => {
            writes++;
            return "written";
          },
        ),
      );
      return registry;
    }
    let writes = 0;

    it.each([
      [true, "written"],
      [false, undefined],
    ])("asks through the AI SDK's flow and runs only when approved (%s)", async (approved, expected) => {
      writes = 0;
      const tools = toAiSdkTools(files(), { ctx, needsApproval: "writes" });
      const first = new MockLanguageModelV3({ doGenerate: [callTool("write", { text: "hi" })] });
      const asked = await generateText({ model: first, tools, stopWhen: stepCountIs(3), prompt: "note hi" });
      const request = asked.content.find((p) => p.type === "tool-approval-request");
      expect(request?.toolCall.toolName).toBe("write");
      expect(writes).toBe(0);

      const messages: ModelMessage[] = [
        { role: "user", content: "note hi" },
        ...asked.response.messages,
        {
          role: "tool",
          content: [{ type: "tool-approval-response", approvalId: request?.approvalId ?? "", approved }],
        },
      ];
      const second = new MockLanguageModelV3({ doGenerate: [answer("done")] });
      await generateText({ model: second, tools, stopWhen: stepCountIs(3), messages });
      expect(writes).toBe(approved ? 1 : 0);
      const output = toolResultIn(second.doGenerateCalls[0]);
      if (expected) expect(output).toEqual({ type: "text", value: expected });
      else expect(output).toMatchObject({ type: "execution-denied" });
    });

    it("asks for a call the tool's needsApproval trait names, even with the policy off", async () => {
      writes = 0;
      const registry = files();
      const tool = registry.get("write");
      if (!tool) throw new Error("no write tool");
      registry.register(Object.assign(tool, { needsApproval: () => true }));
      const model = new MockLanguageModelV3({ doGenerate: [callTool("write", { text: "hi" })] });
      const asked = await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx, needsApproval: false }),
        stopWhen: stepCountIs(3),
        prompt: "note hi",
      });
      expect(asked.content.find((p) => p.type === "tool-approval-request")?.toolCall.toolName).toBe("write");
      expect(writes).toBe(0);
    });

    it("does not ask for a read-only tool under `writes`", async () => {
      const model = new MockLanguageModelV3({ doGenerate: [callTool("add", { a: 1, b: 2 }), answer("3")] });
      const result = await generateText({
        model,
        tools: toAiSdkTools(files(), { ctx, needsApproval: "writes" }),
        stopWhen: stepCountIs(3),
        prompt: "1 + 2?",
      });
      expect(result.text).toBe("3");
    });

    it("asks a policy function with the tool, the input and the digest", async () => {
      const checks: string[] = [];
      const tools = toAiSdkTools(calculator(), {
        ctx,
        strict: true,
        needsApproval: ({ tool, input, toolCallId, digest }) => {
          checks.push(`${tool.name}:${toolCallId}:${JSON.stringify(input)}:${digest.length}`);
          return false;
        },
      });
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("add", { a: 1, b: 2, note: null }), answer("3")],
      });
      await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: "1 + 2?" });
      expect(checks).toEqual(['add:call-1:{"a":1,"b":2}:16']);
    });
  });

  describe("when the tool returns JSON or images", () => {
    it("keeps a structured value beside text, or under another hint, and the model reads the text", async () => {
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
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("search", {}, "c1"), callTool("snippet", {}, "c2"), answer("ok")],
      });
      const result = await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(4),
        prompt: "go",
      });
      expect(result.steps[0]?.toolResults[0]?.output).toEqual({
        isError: false,
        parts: [{ type: "text", text: "1. Toolkit" }],
        structured: { results: [{ title: "Toolkit" }] },
      });
      expect(result.steps[1]?.toolResults[0]?.output).toMatchObject({ structured: { code: "x = 1" } });
      expect(toolResultIn(model.doGenerateCalls[1])).toEqual({ type: "text", value: "1. Toolkit" });
      const last = model.doGenerateCalls[2]?.prompt.at(-1);
      expect(
        last?.role === "tool" && last.content[0]?.type === "tool-result" && last.content[0].output,
      ).toEqual({
        type: "json",
        value: { code: "x = 1" },
      });
    });
    it("sends structured output as json and images as image-data content", async () => {
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
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("stats", {}, "c1"), callTool("shot", {}, "c2"), answer("ok")],
      });
      await generateText({
        model,
        tools: toAiSdkTools(registry, { ctx }),
        stopWhen: stepCountIs(4),
        prompt: "go",
      });
      expect(toolResultIn(model.doGenerateCalls[1])).toEqual({ type: "json", value: { n: 2 } });
      const last = model.doGenerateCalls[2]?.prompt.at(-1);
      expect(
        last?.role === "tool" && last.content[0]?.type === "tool-result" && last.content[0].output,
      ).toEqual({
        type: "content",
        value: [
          { type: "text", text: "the page" },
          { type: "image-data", data: "iVBORw0KGgo=", mediaType: "image/png" },
        ],
      });
    });
  });

  describe("when a selector is given", () => {
    it("adapts only the advertised tools", () => {
      const registry = calculator();
      registry.register(new FnTool("write", "Writes.", { type: "object", properties: {} }, async () => "ok"));
      expect(Object.keys(toAiSdkTools(registry, { ctx, selector: selectReadOnly() }))).toEqual(["add"]);
      expect(Object.keys(toAiSdkTools(registry, { ctx }))).toEqual(["add", "write"]);
    });
  });

  describe("when an option is invalid", () => {
    it.each([
      [{ middleware: "x" }, "`middleware`"],
      [{ ctx: {} }, "`ctx`"],
      [{ selector: 3 }, "`selector`"],
      [{ strict: "yes" }, "`strict`"],
      [{ needsApproval: "sometimes" }, "`needsApproval`"],
      [{ preliminaryResults: "yes" }, "`preliminaryResults`"],
    ])("throws a TypeError naming it (%j)", (options, name) => {
      // @ts-expect-error deliberately wrong option types
      expect(() => toAiSdkTools(calculator(), options)).toThrow(new RegExp(name.replaceAll("`", "`")));
    });

    it("throws a TypeError for a missing registry", () => {
      // @ts-expect-error deliberately not a registry
      expect(() => toAiSdkTools(undefined)).toThrow(TypeError);
    });
  });
});
