import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FnTool } from "@toolkit/core";
import { describe, expect, it, vi } from "vitest";
import { manualClock } from "../runtime/clock.js";
import { LoopError } from "./loop-error.js";
import { trajectoryObserver } from "../observers/trajectory-observer.js";
import { openaiChat } from "../providers/openai-chat.js";
import type { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { ScriptStep } from "../test/script.js";
import { BareLoop } from "./bare-loop.js";
import type { BareLoopOptions } from "./loop-options.js";
import { recoveryNote } from "./recovery-note.js";
import { echo, registryOf, tool, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();

function setup(script: ScriptStep[], options: Omit<BareLoopOptions, "model">, apiKey?: string) {
  const client = (server: ScriptedModelServer) =>
    openaiChat({
      baseUrl: server.openaiBaseUrl,
      model: "scripted",
      clock: manualClock(),
      ...(apiKey ? { apiKey } : {}),
    });
  return setupLoop(client, script, options, apiKey ? { apiKey } : {});
}

async function failure(promise: Promise<unknown>): Promise<LoopError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!LoopError.is(error)) throw new Error(`expected a LoopError, got ${String(error)}`);
  return error;
}

const call = (v: string) => ({ toolCalls: [{ name: "echo", input: { v } }] });

describe("BareLoop", () => {
  describe("when the model never stops calling tools", () => {
    it("ends with MaxTurns", async () => {
      const { server, loop } = await setup([call("1"), call("2"), call("3")], {
        registry: registryOf(echo("echo")),
        maxTurns: 2,
      });
      const error = await failure(loop.run("go"));
      expect(error.kind).toBe("MaxTurns");
      expect(error.message).toBe("The run reached maxTurns (2) before a final answer");
      expect(server.requests).toHaveLength(2);
    });
  });

  describe("when the provider keeps failing", () => {
    it("ends with a Model error after the client's retries", async () => {
      const { server, loop } = await setup([{ status: 500 }, { status: 500 }, { status: 500 }], {
        registry: registryOf(),
      });
      const error = await failure(loop.run("go"));
      expect(error.kind).toBe("Model");
      expect(error.message).toMatch(
        /^The model request failed: .*HTTP 500: scripted failure \(HTTP 500\) \(after 3 attempts\)$/,
      );
      expect(server.requests).toHaveLength(3);
    });

    it("never puts the API key in the error", async () => {
      const { loop } = await setup([], { registry: registryOf() }, "sk-very-secret");
      const error = await failure(loop.run("go"));
      expect(error.kind).toBe("Model");
      expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain("sk-very-secret");
    });
  });

  describe("when the model sends empty replies", () => {
    it("nudges it, then ends with RecoveryExhausted", async () => {
      const { server, loop } = await setup([{}, {}, {}], { registry: registryOf(), maxRecoveries: 2 });
      const error = await failure(loop.run("go"));
      expect(error.kind).toBe("RecoveryExhausted");
      const last = server.requests[2]?.json as { messages: { role: string; content: string }[] };
      expect(last.messages.at(-1)).toEqual({ role: "user", content: recoveryNote("empty") });
    });

    it("continues when the nudge works", async () => {
      const { loop } = await setup([{}, { text: "here" }], { registry: registryOf() });
      expect((await loop.run("go")).text).toBe("here");
    });
  });

  describe("when the arguments are not JSON", () => {
    it("answers the call as invalid input without running it", async () => {
      let ran = false;
      const { server, loop } = await setup(
        [{ toolCalls: [{ id: "b", name: "t", input: "{v:", raw: true }] }, { text: "ok" }],
        {
          registry: registryOf(
            tool("t", () => {
              ran = true;
              return "x";
            }),
          ),
        },
      );
      await loop.run("go");
      expect(ran).toBe(false);
      expect(server.requests[1]?.toolResults[0]?.text).toBe(
        "Invalid input: the arguments for 't' are not valid JSON: {v:\nSend the arguments again as one JSON object that matches the tool's schema.",
      );
      const sent = server.requests[1]?.json as {
        messages: { tool_calls?: { function: { arguments: string } }[] }[];
      };
      expect(sent.messages[1]?.tool_calls?.[0]?.function.arguments).toBe("{v:");
    });
  });

  describe("when tools have system prompts", () => {
    it("appends the advertised ones in registration order after the loop's system", async () => {
      const a = echo("a").withSystemPrompt("A rules.");
      const b = echo("b");
      const c = echo("c").withSystemPrompt("C rules.");
      const { server, loop } = await setup([{ text: "ok" }], {
        registry: registryOf(c, b, a),
        system: "Base.",
      });
      await loop.run("go");
      const body = server.requests[0]?.json as { messages: { role: string; content: string }[] };
      expect(body.messages[0]).toEqual({ role: "system", content: "Base.\n\nC rules.\n\nA rules." });
    });
  });

  describe("when the constraint is strict", () => {
    it("sends strict schemas and maps the model's nulls back to absent", async () => {
      let seen: unknown;
      const opt = new FnTool<{ v: string; n?: number }>(
        "opt",
        "Optional n.",
        { type: "object", properties: { v: { type: "string" }, n: { type: "integer" } }, required: ["v"] },
        (input) => {
          seen = input;
          return "ok";
        },
      );
      const registry = registryOf();
      registry.register(opt);
      const { server, loop } = await setup(
        [{ toolCalls: [{ name: "opt", input: { v: "x", n: null } }] }, { text: "ok" }],
        { registry, constraint: "strict" },
      );
      await loop.run("go");
      expect(seen).toEqual({ v: "x" });
      const body = server.requests[0]?.json as { tools: { function: { strict: boolean } }[] } | undefined;
      expect(body?.tools[0]?.function.strict).toBe(true);
    });
  });

  describe("when observers watch", () => {
    it("sees the exact request bytes the server received and every hook in order", async () => {
      const events: string[] = [];
      const bodies: string[] = [];
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const { server, loop } = await setup([call("1"), { text: "done" }], {
        registry: registryOf(echo("echo")),
        observers: [
          {
            onTurnStart: (e) => events.push(`turn ${e.turn} ~${e.estimateTokens > 0 ? "n" : "0"}`),
            onRequest: (e) => {
              bodies.push(e.body);
              events.push(`request ${e.tools.join(",")}`);
            },
            onReply: (e) => events.push(`reply ${e.reply.toolCalls.length}`),
            onToolPre: (e) => events.push(`pre ${e.name}`),
            onToolPost: (e) => events.push(`post ${e.name} ${e.output.textContent()}`),
            onFinish: (e) => events.push(`finish ${e.turns} ${e.result?.text}`),
          },
          {
            onTurnStart: () => {
              throw new Error("a broken observer");
            },
          },
        ],
      });
      await loop.run("go");
      expect(bodies).toEqual(server.requests.map((r) => r.body));
      expect(events).toEqual([
        "turn 1 ~n",
        "request echo",
        "reply 1",
        "pre echo",
        "post echo echo:1",
        "turn 2 ~n",
        "request echo",
        "reply 0",
        "finish 2 done",
      ]);
      expect(warn).toHaveBeenCalledWith("BareLoop: observer onTurnStart threw: a broken observer");
      warn.mockRestore();
    });
  });

  describe("trajectoryObserver", () => {
    describe("when a tool opts out of recording", () => {
      it("writes one JSON line per event and leaves that tool's output out", async () => {
        const dir = await mkdtemp(join(tmpdir(), "loop-traj-"));
        const path = join(dir, "nested", "run.jsonl");
        const hidden = tool("hidden", () => "TOP-SECRET-OUTPUT").withoutTrajectory();
        const { loop } = await setup(
          [
            {
              toolCalls: [
                { name: "hidden", input: { v: "1" } },
                { name: "echo", input: { v: "2" } },
              ],
            },
            { text: "ok" },
          ],
          {
            registry: registryOf(hidden, echo("echo")),
            observers: [trajectoryObserver({ path, clock: manualClock({ startMs: 0 }) })],
          },
        );
        await loop.run("go");
        const lines = (await readFile(path, "utf8"))
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(lines.map((l) => l.event)).toEqual([
          "turn_start",
          "request",
          "reply",
          "tool_call",
          "tool_result",
          "tool_call",
          "tool_result",
          "turn_start",
          "request",
          "reply",
          "finish",
        ]);
        expect(JSON.stringify(lines)).not.toContain("TOP-SECRET-OUTPUT");
        expect(lines[4]).toMatchObject({ event: "tool_result", name: "hidden", recorded: false });
        expect(lines[6]).toMatchObject({ event: "tool_result", name: "echo", output: "echo:2" });
        expect(lines[0].ts).toBe("1970-01-01T00:00:00.000Z");
      });
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ maxTurns: 0 }, "BareLoop: `maxTurns` must be a positive integer, got 0"],
      [{ constraint: "loose" }, 'BareLoop: `constraint` must be "none" or "strict", got "loose"'],
      [
        { dispatch: { mode: "fast" } },
        'BareLoop: `dispatch.mode` must be "sequential" or "parallel", got "fast"',
      ],
      [
        { model: {} },
        "BareLoop: `model` must be a ModelClient (openaiChat(...), anthropicMessages(...), ...)",
      ],
    ])("throws a TypeError naming the option (%o)", (bad, message) => {
      const model = openaiChat({ baseUrl: "http://127.0.0.1:1/v1", model: "m" });
      expect(
        () => new BareLoop({ model, registry: registryOf(), ...(bad as object) } as BareLoopOptions),
      ).toThrow(new TypeError(message));
    });
  });

  describe("when a run is already in progress", () => {
    it("refuses a second one", async () => {
      const { loop } = await setup([{ text: "slow", delayMs: 100 }], { registry: registryOf() });
      const first = loop.run("one");
      await expect(loop.run("two")).rejects.toThrow(
        "BareLoop.run: a run is already in progress on this loop",
      );
      expect((await first).text).toBe("slow");
    });
  });
});
