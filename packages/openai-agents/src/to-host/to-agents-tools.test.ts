import { calculator, deferred } from "@toolkit/test-kit";
import {
  Agent,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  type StreamEvent,
  setTraceProcessors,
  setTracingDisabled,
  type TracingProcessor,
  Usage,
} from "@openai/agents";
import { createToolContext, FnTool, ToolError, ToolOutput } from "@toolkit/core";
import { type Middleware, selectReadOnly, ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { toAgentsTools } from "./to-agents-tools.js";
import { toolErrorText } from "../output/tool-error-text.js";
import { AgentsToolError } from "../output/agents-tool-error.js";

type OutputItem = ModelResponse["output"][number];

/** A stand-in for the LLM: answers each request with the next scripted turn and records the requests. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #turns: OutputItem[][];

  constructor(turns: OutputItem[][]) {
    this.#turns = [...turns];
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.#turns.shift();
    if (!output) throw new Error(`ScriptedModel: no turn left for request ${this.requests.length}`);
    return { usage: new Usage(), output, responseId: `resp-${this.requests.length}` };
  }

  getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    throw new Error("ScriptedModel scripts non-streamed runs only; call run() without `stream: true`");
  }
}

function callTool(name: string, input: unknown, callId = "call-1"): OutputItem {
  return { type: "function_call", callId, name, arguments: JSON.stringify(input), status: "completed" };
}

function say(text: string): OutputItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
}

/** The output the model was sent for a call, in a later request. */
function resultIn(request: ModelRequest | undefined, callId = "call-1"): unknown {
  const input: AgentInputItem[] = typeof request?.input === "string" ? [] : (request?.input ?? []);
  const item = input.find((i) => i.type === "function_call_result" && i.callId === callId);
  return item?.type === "function_call_result" ? item.output : undefined;
}

const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });
const runner = new Runner({ tracingDisabled: true });

function agent(model: Model, tools: ReturnType<typeof toAgentsTools>): Agent {
  return new Agent({ name: "tester", instructions: "Use the tools.", model, tools });
}

describe("toAgentsTools", () => {
  describe("when the model calls a tool in a run", () => {
    it("runs it through the middleware and sends the result back", async () => {
      const seen: string[] = [];
      const record: Middleware = async function record(call, next) {
        seen.push(`${call.id}:${call.name}:${JSON.stringify(call.input)}`);
        return next(call);
      };
      const model = new ScriptedModel([[callTool("add", { a: 2, b: 3, note: null })], [say("5")]]);
      const result = await runner.run(
        agent(model, toAgentsTools(calculator(), { middleware: [record], ctx })),
        "2+3?",
      );
      expect(result.finalOutput).toBe("5");
      expect(seen).toEqual(['call-1:add:{"a":2,"b":3}']);
      expect(resultIn(model.requests[1])).toEqual({ type: "text", text: "5" });
    });

    it("shows the model the strict schema with strict: true", async () => {
      const model = new ScriptedModel([[say("hi")]]);
      await runner.run(agent(model, toAgentsTools(calculator(), { ctx })), "hi");
      expect(model.requests[0]?.tools[0]).toHaveProperty("parameters", {
        type: "object",
        properties: { a: { type: "integer" }, b: { type: "integer" }, note: { type: ["string", "null"] } },
        required: ["a", "b", "note"],
        additionalProperties: false,
      });
      expect(model.requests[0]?.tools).toMatchObject([
        {
          type: "function",
          name: "add",
          description: "Adds two integers.",
          strict: true,
          parameters: {
            type: "object",
            properties: {
              a: { type: "integer" },
              b: { type: "integer" },
              note: { type: ["string", "null"] },
            },
            required: ["a", "b", "note"],
            additionalProperties: false,
          },
        },
      ]);
    });

    it("shows the registered schema when strict is false", async () => {
      const model = new ScriptedModel([[callTool("add", { a: 1, b: 1 })], [say("2")]]);
      await runner.run(agent(model, toAgentsTools(calculator(), { ctx, strict: false })), "1+1?");
      expect(model.requests[0]?.tools[0]).toMatchObject({
        strict: false,
        parameters: calculator().get("add")?.schema().input_schema,
      });
      expect(resultIn(model.requests[1])).toEqual({ type: "text", text: "2" });
    });
  });

  describe("when the call fails softly", () => {
    it.each([
      [
        "input the strict schema rejects",
        callTool("add", { a: 1, b: 2 }),
        "Invalid input: missing required field `note` (expected string or null)\nFix the arguments so they match the tool's input schema, then call it again.",
      ],
      [
        "arguments that are not JSON (the SDK's own answer)",
        {
          type: "function_call",
          callId: "call-1",
          name: "add",
          arguments: "{a:",
          status: "completed",
        } as const,
        "An error occurred while parsing tool arguments. Please try again with valid JSON.",
      ],
    ])("answers %s as the tool's result and goes on", async (_case, call, text) => {
      const model = new ScriptedModel([[call], [say("sorry")]]);
      const result = await runner.run(agent(model, toAgentsTools(calculator(), { ctx })), "1+2?");
      expect(result.finalOutput).toBe("sorry");
      expect(resultIn(model.requests[1])).toEqual({ type: "text", text });
    });
  });

  describe("when the call fails", () => {
    it("marks the function span as failed, the SDK's own convention, and the model reads the advice", async () => {
      const ended: Parameters<TracingProcessor["onSpanEnd"]>[0][] = [];
      const processor: TracingProcessor = {
        async onTraceStart() {},
        async onTraceEnd() {},
        async onSpanStart() {},
        async onSpanEnd(span) {
          ended.push(span);
        },
        async shutdown() {},
        async forceFlush() {},
      };
      // Tracing is off by default under NODE_ENV=test; this test turns it on with a local processor.
      setTraceProcessors([processor]);
      setTracingDisabled(false);
      try {
        const registry = new ToolRegistry();
        registry.register(
          new FnTool("deny", "Always refuses.", { type: "object", properties: {} }, async () => {
            throw ToolError.permission("not today");
          }),
        );
        registry.register(
          new FnTool("ok", "Succeeds.", { type: "object", properties: {} }, async () => "fine"),
        );
        const model = new ScriptedModel([
          [callTool("deny", {}, "c1"), callTool("ok", {}, "c2")],
          [say("done")],
        ]);
        const traced = new Runner({ tracingDisabled: false });
        const result = await traced.run(agent(model, toAgentsTools(registry, { ctx })), "go");
        expect(result.finalOutput).toBe("done");
        const text = ToolError.permission("not today").modelText();
        expect(resultIn(model.requests[1], "c1")).toEqual({ type: "text", text });
        const functions = ended.filter((span) => span.spanData.type === "function");
        const byName = (name: string) =>
          functions.find((span) => span.spanData.type === "function" && span.spanData.name === name);
        expect(byName("deny")?.error).toMatchObject({
          message: "Error running tool (non-fatal)",
          data: { tool_name: "deny", error: `ToolkitToolError: ${text}` },
        });
        expect(byName("ok")?.error).toBeNull();
      } finally {
        setTracingDisabled(true);
        setTraceProcessors([]);
      }
    });
    it("hands errorFunction an AgentsToolError whose text is what the model reads", () => {
      const output = ToolError.timeout(3).toOutput();
      const error = new AgentsToolError(output);
      expect(error.output).toBe(output);
      expect(error.message).toBe(output.textContent());
      expect(toolErrorText("slow", error)).toBe(output.textContent());
    });
  });

  describe("when the run is aborted during a call", () => {
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
      const model = new ScriptedModel([[callTool("wait", {})], [say("never")]]);
      const run = runner.run(agent(model, toAgentsTools(registry, { ctx })), "wait", {
        signal: controller.signal,
      });
      await running.promise;
      controller.abort(new Error("user pressed stop"));
      await expect(run).rejects.toThrow();
      expect(seenReason).toEqual(new Error("user pressed stop"));
      expect(model.requests).toHaveLength(1);
      expect(ctx.signal.aborted).toBe(false);
    });
  });

  describe("when a call needs approval", () => {
    function notes(): { registry: ToolRegistry; written: string[] } {
      const written: string[] = [];
      const registry = calculator();
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
      [true, "written"],
      [false, "Tool execution was not approved."],
    ])("interrupts the run and resumes after the decision (approved: %s)", async (approved, text) => {
      const { registry, written } = notes();
      const model = new ScriptedModel([[callTool("write", { text: "hi" })], [say("done")]]);
      const a = agent(model, toAgentsTools(registry, { ctx, needsApproval: "writes" }));
      const first = await runner.run(a, "note hi");
      expect(first.interruptions.map((i) => i.name)).toEqual(["write"]);
      expect(written).toEqual([]);
      const [interruption] = first.interruptions;
      if (!interruption) throw new Error("no interruption");
      if (approved) first.state.approve(interruption);
      else first.state.reject(interruption);
      const second = await runner.run(a, first.state);
      expect(second.finalOutput).toBe("done");
      expect(written).toEqual(approved ? ["hi"] : []);
      expect(resultIn(model.requests[1])).toEqual({ type: "text", text });
    });

    it("does not interrupt for a read-only tool under `writes`", async () => {
      const model = new ScriptedModel([[callTool("add", { a: 1, b: 2, note: null })], [say("3")]]);
      const result = await runner.run(
        agent(model, toAgentsTools(notes().registry, { ctx, needsApproval: "writes" })),
        "1+2?",
      );
      expect(result.interruptions).toEqual([]);
      expect(result.finalOutput).toBe("3");
    });

    it("asks a policy function with the restored input, the call id and the digest", async () => {
      const checks: string[] = [];
      const tools = toAgentsTools(calculator(), {
        ctx,
        needsApproval: ({ tool, input, callId, digest }) => {
          checks.push(`${tool.name}:${callId}:${JSON.stringify(input)}:${digest.length}`);
          return false;
        },
      });
      const model = new ScriptedModel([[callTool("add", { a: 1, b: 2, note: null })], [say("3")]]);
      await runner.run(agent(model, tools), "1+2?");
      expect(checks).toEqual(['add:call-1:{"a":1,"b":2}:16']);
    });
  });

  describe("when the tool returns JSON or images", () => {
    it("sends JSON as its text and images as image items", async () => {
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
      const model = new ScriptedModel([
        [callTool("stats", {}, "c1"), callTool("shot", {}, "c2")],
        [say("ok")],
      ]);
      await runner.run(agent(model, toAgentsTools(registry, { ctx })), "go");
      expect(resultIn(model.requests[1], "c1")).toEqual({ type: "text", text: '{"n":2}' });
      expect(resultIn(model.requests[1], "c2")).toEqual([
        { type: "input_text", text: "the page" },
        { type: "input_image", image: "data:image/png;base64,iVBORw0KGgo=" },
      ]);
    });
  });

  describe("when a selector is given", () => {
    it("adapts only the advertised tools", () => {
      const registry = calculator();
      registry.register(new FnTool("write", "Writes.", { type: "object", properties: {} }, async () => "ok"));
      expect(toAgentsTools(registry, { ctx, selector: selectReadOnly() }).map((t) => t.name)).toEqual([
        "add",
      ]);
      expect(toAgentsTools(registry, { ctx }).map((t) => t.name)).toEqual(["add", "write"]);
    });
  });

  describe("when two names collide in the Agents SDK", () => {
    it("throws a TypeError naming both", () => {
      const registry = new ToolRegistry();
      registry.register(new FnTool("fs.read", "Reads.", { type: "object", properties: {} }, async () => "a"));
      registry.register(
        new FnTool("fs_read", "Reads too.", { type: "object", properties: {} }, async () => "b"),
      );
      expect(() => toAgentsTools(registry, { ctx })).toThrow(
        "toAgentsTools: the tools 'fs.read' and 'fs_read' both become 'fs_read'",
      );
    });

    it("dispatches a renamed tool under its registry name", async () => {
      const registry = new ToolRegistry();
      registry.register(
        new FnTool("fs.read", "Reads.", { type: "object", properties: {} }, async () => "content"),
      );
      const model = new ScriptedModel([[callTool("fs_read", {})], [say("ok")]]);
      await runner.run(agent(model, toAgentsTools(registry, { ctx })), "go");
      expect(resultIn(model.requests[1])).toEqual({ type: "text", text: "content" });
    });
  });

  describe("when an option is invalid", () => {
    it.each([
      [{ middleware: [1] }, "`middleware`"],
      [{ ctx: null }, "`ctx`"],
      [{ selector: "read" }, "`selector`"],
      [{ strict: 1 }, "`strict`"],
      [{ needsApproval: "always" }, "`needsApproval`"],
    ])("throws a TypeError naming it (%j)", (options, name) => {
      // @ts-expect-error deliberately wrong option types
      expect(() => toAgentsTools(calculator(), options)).toThrow(name);
    });
  });
});
