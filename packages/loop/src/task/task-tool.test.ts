import { createToolContext, type Tool } from "@toolkit/core";
import { dispatch, planWaves, type ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../runtime/clock.js";
import type { LoopObserver } from "../loop/observer.js";
import { DIALECTS, echo, registryOf, rejection, tool, useLoopHarness } from "../loop/test-kit.js";
import type { ModelClient, Usage } from "../model/model-client.js";
import { openaiChat } from "../providers/openai-chat.js";
import type { RecordedRequest, ScriptStep } from "../test/script.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import { sumUsage } from "./sum-usage.js";
import type { TaskStartEvent } from "./task-events.js";
import { DEFAULT_TASK_SYSTEM, type TaskToolOptions, taskTool } from "./task-tool.js";

const setupLoop = useLoopHarness();
const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function scripted(script: ScriptStep[]): Promise<{ server: ScriptedModelServer; model: ModelClient }> {
  const server = await ScriptedModelServer.start({ script });
  servers.push(server);
  return {
    server,
    model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted", clock: manualClock() }),
  };
}

/** The registry's tools plus a Task tool over that same registry. */
function withTask(registry: ToolRegistry, options: Omit<TaskToolOptions, "registry">): ToolRegistry {
  registry.register(taskTool({ registry, ...options }));
  return registry;
}

/** The messages of an OpenAI Chat request. */
function messagesOf(request: RecordedRequest | undefined): { role: string; content: string }[] {
  return (request?.json as { messages?: { role: string; content: string }[] } | undefined)?.messages ?? [];
}

/** The first user message of an OpenAI Chat request (the sub-agent's prompt). */
function promptOf(request: RecordedRequest | undefined): string {
  return messagesOf(request).find((m) => m.role === "user")?.content ?? "";
}

/** The OpenAI Chat client factory of the harness. */
const chat = (DIALECTS[0] as (typeof DIALECTS)[number]).client;

const read = (name: string) => echo(name).readOnly();
const task = (prompt: string, id?: string) => ({
  ...(id ? { id } : {}),
  name: "Task",
  input: { description: `do ${prompt}`, prompt },
});

describe("taskTool", () => {
  describe("when dispatched outside a loop", () => {
    it("runs the sub-agent over the registry and answers with its final text", async () => {
      const { server, model } = await scripted([
        { toolCalls: [{ name: "Echo", input: { v: "a" } }] },
        (request) => ({ text: `found ${request.toolResults[0]?.text}` }),
      ]);
      const registry = withTask(registryOf(read("Echo")), { model });
      const [result] = await dispatch(registry, [{ id: "t1", ...task("find a") }], {
        ctx: createToolContext({ isNonInteractive: true }),
      });
      expect(result?.output.isError).toBe(false);
      expect(result?.output.textContent()).toBe("found Echo:a");
      expect(server.requests.map((r) => r.toolNames)).toEqual([["Echo"], ["Echo"]]);
      expect(promptOf(server.requests[0])).toBe("find a");
      expect(messagesOf(server.requests[0])[0]).toEqual({ role: "system", content: DEFAULT_TASK_SYSTEM });
    });

    it("refuses input without a prompt, naming the field", async () => {
      const { server, model } = await scripted([]);
      const registry = withTask(registryOf(), { model });
      const [result] = await dispatch(registry, [{ id: "t1", name: "Task", input: { description: "x" } }]);
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toContain("prompt");
      expect(server.requests).toHaveLength(0);
    });

    it("answers a cancelled sub-agent as a soft failure with its kind", async () => {
      const controller = new AbortController();
      let sawAbort = false;
      const wait = tool("Wait", (_input, ctx) => {
        controller.abort();
        sawAbort = ctx.signal.aborted;
        return "late";
      });
      const { model } = await scripted([{ toolCalls: [{ name: "Wait", input: { v: "x" } }] }]);
      const registry = withTask(registryOf(wait), { model });
      const [result] = await dispatch(registry, [{ id: "t1", ...task("wait") }], {
        ctx: createToolContext({ isNonInteractive: true, signal: controller.signal }),
      });
      expect(sawAbort).toBe(true);
      expect(result?.output.isError).toBe(true);
      expect(result?.output.textContent()).toMatch(
        /^Execution error: the sub-agent stopped with Cancelled: /,
      );
    });
  });

  describe.each(DIALECTS)("when a BareLoop calls it ($dialect)", ({ client }) => {
    it("adds the sub-agent's usage to the run and streams its events under the call", async () => {
      const parentCtx: { cwd: string; tempDir: string; sessionId: string }[] = [];
      const probe = tool("Probe", (_input, ctx) => {
        parentCtx.push({ cwd: ctx.cwd, tempDir: ctx.tempDir, sessionId: ctx.sessionId });
        return "probed";
      });
      const replies: Usage[] = [];
      const childEvents: string[] = [];
      const starts: TaskStartEvent[] = [];
      const taskIds: string[] = [];
      let childUsage: Usage | undefined;
      const observer: LoopObserver = {
        onReply: (e) => replies.push(e.reply.usage),
        onToolPre: (e) => {
          if (e.name === "Task") taskIds.push(e.id);
        },
        onTaskStart: (e) => {
          starts.push(e);
          return {
            onReply: (r) => replies.push(r.reply.usage),
            onToolPre: (c) => childEvents.push(`pre:${c.name}`),
            onToolPost: (c) => childEvents.push(`post:${c.name}:${c.output.textContent()}`),
            onFinish: (f) => {
              childEvents.push(`finish:${f.result?.text}`);
              childUsage = f.result?.usage;
            },
          };
        },
      };
      const registry = registryOf(probe.readOnly());
      const { server, loop } = await setupLoop(
        client,
        [
          { toolCalls: [task("probe it")] },
          { toolCalls: [{ name: "Probe", input: { v: "x" } }] },
          { text: "child report" },
          (request) => ({ text: `parent got ${request.toolResults[0]?.text}` }),
        ],
        { registry, observers: [observer] },
      );
      registry.register(taskTool({ registry, model: client(server) }));
      const result = await loop.run("go");

      expect(result.text).toBe("parent got child report");
      expect(server.requests.map((r) => r.toolNames)).toEqual([
        ["Probe", "Task"],
        ["Probe"],
        ["Probe"],
        ["Probe", "Task"],
      ]);
      // Every request's input tokens (the scripted server counts body length / 4), both levels.
      const inputTokens = server.requests.reduce((n, r) => n + Math.ceil(r.body.length / 4), 0);
      expect(result.usage.inputTokens).toBe(inputTokens);
      expect(replies).toHaveLength(4);
      expect(result.usage).toEqual(replies.reduce(sumUsage));
      expect(childUsage).toEqual(sumUsage(replies[1] as Usage, replies[2] as Usage));
      expect(result.toolCalls.map((c) => c.name)).toEqual(["Task"]);

      expect(starts).toEqual([
        {
          runId: result.runId,
          callId: taskIds[0],
          turn: 1,
          depth: 1,
          tool: "Task",
          description: "do probe it",
          prompt: "probe it",
        },
      ]);
      expect(childEvents).toEqual(["pre:Probe", "post:Probe:probed", "finish:child report"]);
      expect(parentCtx).toEqual([{ cwd: process.cwd(), tempDir: loop.tempDir, sessionId: loop.sessionId }]);
    });
  });

  describe("when the parent run is cancelled", () => {
    it("cancels the sub-agent: its running tool sees the signal", async () => {
      const controller = new AbortController();
      let sawAbort = false;
      const wait = tool("Wait", (_input, ctx) => {
        setTimeout(() => controller.abort(), 10);
        return new Promise((_, reject) => {
          ctx.signal.addEventListener("abort", () => {
            sawAbort = true;
            reject(Object.assign(new Error("stopped"), { name: "AbortError" }));
          });
        });
      });
      let childError: string | undefined;
      const registry = registryOf(wait);
      const { server, loop } = await setupLoop(
        chat,
        [{ toolCalls: [task("wait")] }, { toolCalls: [{ name: "Wait", input: { v: "x" } }] }, { text: "no" }],
        {
          registry,
          observers: [{ onTaskStart: () => ({ onFinish: (f) => (childError = f.error?.message) }) }],
        },
      );
      registry.register(taskTool({ registry, model: chat(server) }));
      const error = await rejection(loop.run("go", { signal: controller.signal }));
      expect(error.kind).toBe("Cancelled");
      expect(sawAbort).toBe(true);
      expect(childError).toBe("The run was cancelled");
      expect(server.requests).toHaveLength(2);
    });
  });

  describe("when one reply holds two read-only Tasks", () => {
    it("plans them in one wave and runs the sub-agents together", async () => {
      const events: string[] = [];
      const registry = registryOf(read("Echo"));
      const { server, loop } = await setupLoop(
        chat,
        [
          { toolCalls: [task("a"), task("b")] },
          (request) => ({ text: `report ${promptOf(request)}` }),
          (request) => ({ text: `report ${promptOf(request)}` }),
          (request) => ({ text: request.toolResults.map((r) => r.text).join(", ") }),
        ],
        {
          registry,
          dispatch: { mode: "parallel" },
          observers: [
            {
              onTaskStart: (e) => {
                events.push(`start ${e.prompt}`);
                return { onFinish: () => events.push(`finish ${e.prompt}`) };
              },
            },
          ],
        },
      );
      registry.register(taskTool({ registry, model: chat(server) }));
      expect(
        planWaves(
          [task("a"), task("b")].map((c, i) => ({ id: `${i}`, ...c })),
          registry,
        ),
      ).toEqual([[0, 1]]);

      const result = await loop.run("go");
      expect(result.text).toBe("report a, report b");
      // Run one after the other, the first sub-agent would finish before the second started.
      expect(events.slice(0, 2).sort()).toEqual(["start a", "start b"]);
      expect(events).toHaveLength(4);
    });

    it("runs them one by one when a sub-agent could write", () => {
      const registry = registryOf(read("Echo"), echo("Write"));
      registry.register(
        taskTool({ registry, model: openaiChat({ baseUrl: "http://127.0.0.1:9/v1", model: "m" }) }),
      );
      const calls = [task("a"), task("b")].map((c, i) => ({ id: `${i}`, ...c }));
      expect(planWaves(calls, registry)).toEqual([[0], [1]]);
      expect(registry.get("Task")?.isReadOnly?.()).toBe(false);
    });
  });

  describe("when sub-agents nest", () => {
    it("lets a sub-agent start another up to maxDepth, then hides Task", async () => {
      const depths: number[] = [];
      const nested = (level: number): LoopObserver => ({
        onTaskStart: (e) => {
          depths.push(e.depth);
          expect(e.depth).toBe(level + 1);
          return nested(level + 1);
        },
      });
      const registry = registryOf(read("Echo"));
      const { server, loop } = await setupLoop(
        chat,
        [
          { toolCalls: [task("outer")] },
          { toolCalls: [task("inner")] },
          { text: "inner report" },
          (request) => ({ text: `outer saw ${request.toolResults[0]?.text}` }),
          (request) => ({ text: `top saw ${request.toolResults[0]?.text}` }),
        ],
        { registry, observers: [nested(0)] },
      );
      registry.register(taskTool({ registry, model: chat(server), maxDepth: 2 }));
      const result = await loop.run("go");
      expect(result.text).toBe("top saw outer saw inner report");
      expect(depths).toEqual([1, 2]);
      expect(server.requests.map((r) => r.toolNames)).toEqual([
        ["Echo", "Task"],
        ["Echo", "Task"],
        ["Echo"],
        ["Echo", "Task"],
        ["Echo", "Task"],
      ]);
      const inputTokens = server.requests.reduce((n, r) => n + Math.ceil(r.body.length / 4), 0);
      expect(result.usage.inputTokens).toBe(inputTokens);
    });

    it("refuses a call past maxDepth even when the tool is reached another way", async () => {
      const registry = registryOf(read("Echo"));
      const { server, loop } = await setupLoop(
        chat,
        [
          { toolCalls: [task("outer")] },
          { toolCalls: [task("inner")] },
          (request) => ({ text: `child saw ${request.toolResults[0]?.text}` }),
          (request) => ({ text: `${request.toolResults[0]?.text}` }),
        ],
        { registry },
      );
      const inner = taskTool({ registry, model: chat(server) });
      // A wrapper (as an adapter might make) is not recognised as a Task tool by the sub-agent's selector.
      const wrapper: Tool = {
        name: inner.name,
        description: inner.description,
        schema: () => inner.schema(),
        call: (input, ctx) => inner.call(input, ctx),
      };
      registry.register(wrapper);
      const result = await loop.run("go");
      expect(server.requests[1]?.toolNames).toEqual(["Echo", "Task"]);
      expect(result.text).toBe(
        "child saw Execution error: a sub-agent at depth 2 would pass `maxDepth` 1; sub-agents cannot start more sub-agents here\nDo this part of the task yourself with your other tools.",
      );
    });
  });

  describe("when the sub-agent fails hard", () => {
    it("answers the call with a soft failure naming the kind, and the parent goes on", async () => {
      const registry = registryOf(read("Echo"));
      const { server, loop } = await setupLoop(
        chat,
        [
          { toolCalls: [task("loop")] },
          { toolCalls: [{ name: "Echo", input: { v: "1" } }] },
          (request) => ({ text: `parent saw ${request.toolResults[0]?.text}` }),
        ],
        { registry },
      );
      registry.register(taskTool({ registry, model: chat(server), maxTurns: 1 }));
      const result = await loop.run("go");
      expect(result.text).toBe(
        "parent saw Execution error: the sub-agent stopped with MaxTurns: The run reached maxTurns (1) before a final answer\nDo the task yourself, or call Task again with a narrower, clearer prompt.",
      );
      expect(result.toolCalls).toEqual([expect.objectContaining({ name: "Task", isError: true })]);
      const inputTokens = server.requests.reduce((n, r) => n + Math.ceil(r.body.length / 4), 0);
      expect(result.usage.inputTokens).toBe(inputTokens);
    });
  });

  describe("when options are wrong", () => {
    const model = openaiChat({ baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    it.each([
      [{ maxDepth: 0 }, "taskTool: `maxDepth` must be a positive integer, got 0"],
      [{ maxTurns: 1.5 }, "taskTool: `maxTurns` must be a positive integer, got 1.5"],
      [{ description: " " }, 'taskTool: `description` must be a non-empty string, got " "'],
      [{ model: undefined }, "taskTool: `model` must be a ModelClient"],
    ])("throws a TypeError naming the option (%o)", (bad, message) => {
      const options = { model, registry: registryOf(), ...bad } as TaskToolOptions;
      expect(() => taskTool(options)).toThrow(message);
    });
  });
});

describe("BareLoop.run", () => {
  describe("when `context` is not a ToolContext", () => {
    it("throws a TypeError naming it", async () => {
      const { loop } = await setupLoop(chat, [], {
        registry: registryOf(),
      });
      const context = { cwd: "/" } as unknown as ReturnType<typeof createToolContext>;
      await expect(loop.run("go", { context })).rejects.toThrow(
        "BareLoop.run: `context` must be a ToolContext",
      );
    });
  });
});

describe("sumUsage", () => {
  it("adds every numeric field, including ones it does not know", () => {
    const a: Usage = {
      inputTokens: 1,
      outputTokens: 2,
      cachedInputTokens: 3,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    };
    // A field a later provider might add, which sumUsage has never heard of.
    const b = {
      inputTokens: 10,
      outputTokens: 20,
      cachedInputTokens: 0,
      cacheWriteTokens: 4,
      reasoningTokens: 5,
      futureTokens: 7,
    };
    expect(sumUsage(a, b)).toEqual({
      inputTokens: 11,
      outputTokens: 22,
      cachedInputTokens: 3,
      cacheWriteTokens: 4,
      reasoningTokens: 5,
      futureTokens: 7,
    });
  });
});
