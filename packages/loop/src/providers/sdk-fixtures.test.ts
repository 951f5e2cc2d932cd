import { afterEach, describe, expect, it } from "vitest";
import {
  anthropicMaxTokens,
  anthropicRefusal,
  anthropicStreamThinking,
  anthropicThinkingCall,
} from "../fixtures/anthropic.js";
import {
  geminiMaxTokens,
  geminiPartialStreams,
  geminiPartialWhole,
  geminiThoughtCall,
} from "../fixtures/gemini.js";
import {
  chatLength,
  chatParallelCalls,
  chatRefusal,
  chatStreamCall,
  responsesIncomplete,
  responsesReasoningCall,
  responsesRefusal,
  responsesStreamText,
} from "../fixtures/openai.js";
import { BareLoop } from "../loop/bare-loop.js";
import { DIALECTS, echo, registryOf } from "../loop/test-kit.js";
import type { ModelReply } from "../model/model-client.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { Dialect, ScriptStep } from "../test/script.js";

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function clientOf(dialect: Dialect) {
  const found = DIALECTS.find((d) => d.dialect === dialect);
  if (!found) throw new Error(`no ${dialect} client`);
  return found.client;
}

const ask = {
  system: undefined,
  messages: [{ role: "user" as const, parts: [{ type: "text" as const, text: "go" }] }],
  tools: [],
  constraint: "none" as const,
};

/** One reply of a fixture body (or its events, streaming), decoded by the client. */
async function play(
  dialect: Dialect,
  raw: { body: unknown } | { events: readonly unknown[] },
): Promise<ModelReply> {
  const stream = "events" in raw;
  const server = await ScriptedModelServer.start({
    script: [{ raw: stream ? { events: raw.events.map((data) => ({ data })) } : { body: raw.body } }],
  });
  servers.push(server);
  const client = clientOf(dialect)(server, stream ? { stream: true } : {});
  return client.send(client.encode(ask));
}

/** A loop over a fixture's reply, then a final answer; the requests the server got. */
async function roundTrip(dialect: Dialect, body: unknown) {
  const script: ScriptStep[] = [{ raw: { body } }, { text: "done" }];
  const server = await ScriptedModelServer.start({ script });
  servers.push(server);
  const replies: ModelReply[] = [];
  const loop = new BareLoop({
    model: clientOf(dialect)(server),
    registry: registryOf(echo("echo")),
    isNonInteractive: true,
    observers: [{ onReply: (e) => replies.push(e.reply) }],
  });
  try {
    const result = await loop.run("echo one");
    return { result, first: replies[0], requests: server.requests };
  } finally {
    await loop.dispose();
  }
}

describe("SDK-typed fixtures", () => {
  describe("when OpenAI Chat replies", () => {
    it("reads parallel calls and cached tokens", async () => {
      const reply = await play("openai-chat", { body: chatParallelCalls });
      expect(reply.toolCalls.map((c) => c.input)).toEqual([{ v: "one" }, { v: "two" }]);
      expect(reply.usage).toMatchObject({ inputTokens: 4_120, cachedInputTokens: 4_096 });
    });

    it.each([
      [chatRefusal, "refusal", "I'm sorry, I can't help with that."],
      [chatLength, "length", "The first half of a long"],
    ])("maps the finish (%#)", async (body, finishReason, text) => {
      expect(await play("openai-chat", { body })).toMatchObject({ finishReason, text });
    });

    it("assembles a streamed call", async () => {
      const reply = await play("openai-chat", { events: [...chatStreamCall, "[DONE]"] });
      expect(reply.toolCalls).toEqual([{ id: "call_s", name: "echo", input: { v: "streamed" } }]);
      expect(reply.usage).toMatchObject({ inputTokens: 50, cachedInputTokens: 32 });
    });
  });

  describe("when OpenAI Responses replies", () => {
    it("sends the reasoning item back verbatim before its call", async () => {
      const { first, requests } = await roundTrip("openai-responses", responsesReasoningCall);
      expect(first?.usage).toMatchObject({ cachedInputTokens: 256, reasoningTokens: 128 });
      expect(requests[1]?.body).toContain(
        `${JSON.stringify(responsesReasoningCall.output[0])},{"type":"function_call","call_id":"call_r"`,
      );
    });

    it.each([
      [responsesRefusal, "refusal", "I can't assist with that request."],
      [responsesIncomplete, "length", "The first half of a long"],
    ])("maps the finish (%#)", async (body, finishReason, text) => {
      expect(await play("openai-responses", { body })).toMatchObject({ finishReason, text });
    });

    it("assembles a streamed reply", async () => {
      expect(await play("openai-responses", { events: responsesStreamText })).toMatchObject({
        text: "Hello from a stream.",
        finishReason: "stop",
      });
    });
  });

  describe("when Anthropic replies", () => {
    it("keeps thinking blocks byte for byte and counts cache reads and writes in the input", async () => {
      const { first, requests } = await roundTrip("anthropic-messages", anthropicThinkingCall);
      expect(first?.usage).toMatchObject({
        inputTokens: 4_120,
        cachedInputTokens: 4_096,
        cacheWriteTokens: 20,
      });
      const [thinking, redacted] = anthropicThinkingCall.content;
      expect(requests[1]?.body).toContain(
        `{"role":"assistant","content":[${JSON.stringify(thinking)},${JSON.stringify(redacted)},{"type":"tool_use"`,
      );
    });

    it.each([
      [anthropicRefusal, "refusal", "I can't help with that."],
      [anthropicMaxTokens, "length", "The first half of a long"],
    ])("maps the finish (%#)", async (body, finishReason, text) => {
      expect(await play("anthropic-messages", { body })).toMatchObject({ finishReason, text });
    });

    it("assembles streamed thinking with its signature", async () => {
      const reply = await play("anthropic-messages", { events: anthropicStreamThinking });
      expect(reply.text).toBe("Hello there.");
      expect(reply.reasoning?.[0]?.data).toEqual({
        type: "thinking",
        thinking: "Short answer.",
        signature: "EqQBstream-signature",
      });
    });
  });

  describe("when Gemini replies", () => {
    it("sends the thought signature back on its call and counts thought tokens", async () => {
      const { first, requests } = await roundTrip("gemini-generate-content", geminiThoughtCall);
      expect(first?.usage).toMatchObject({
        inputTokens: 300,
        outputTokens: 110,
        reasoningTokens: 90,
        cachedInputTokens: 256,
      });
      expect(requests[1]?.body).toContain('"args":{"v":"one"}},"thoughtSignature":"CiQBsignature-gemini"}');
    });

    it("maps MAX_TOKENS to length", async () => {
      expect(await play("gemini-generate-content", { body: geminiMaxTokens })).toMatchObject({
        finishReason: "length",
        text: "The first half of a long",
      });
    });
  });
});

describe("Gemini function calls streamed in pieces (partialArgs)", () => {
  const expected = {
    text: { text: "Boston is sunny today.", toolCalls: [] },
    oneCall: {
      text: "",
      toolCalls: [{ id: "fc_1", name: "get_weather", input: { location: "Boston, MA", unit: "celsius" } }],
    },
    twoCalls: {
      text: "",
      toolCalls: [
        { name: "get_weather", input: { location: "Boston" } },
        { name: "get_weather", input: { location: "San Francisco" } },
      ],
    },
    nested: {
      text: "",
      toolCalls: [
        {
          name: "search_issues",
          input: {
            filter: { labels: ["bug", "p1"], range: { min: 10, max: 20.5 } },
            options: { dryRun: true, assignee: null },
          },
        },
      ],
    },
  } as const;
  const cases = Object.keys(expected) as (keyof typeof expected)[];

  it.each(cases)("the streaming reader assembles %s", async (name) => {
    const reply = await play("gemini-generate-content", { events: geminiPartialStreams[name] });
    expect(reply).toMatchObject(expected[name]);
    expect(reply.toolCalls).toHaveLength(expected[name].toolCalls.length);
    for (const call of reply.toolCalls) expect(call.invalidArguments).toBeUndefined();
    if (name !== "text") expect(reply.finishReason).toBe("tool-calls");
  });

  it.each(cases)("the non-streaming reader assembles %s", async (name) => {
    const reply = await play("gemini-generate-content", { body: geminiPartialWhole[name] });
    expect(reply).toMatchObject(expected[name]);
    expect(reply.toolCalls).toHaveLength(expected[name].toolCalls.length);
  });

  it("does not run a call whose last piece never came", async () => {
    const cut = geminiPartialStreams.oneCall.slice(0, 2);
    const last = cut[1];
    const reply = await play("gemini-generate-content", {
      events: [
        ...cut.slice(0, 1),
        { ...last, candidates: [{ ...last?.candidates[0], finishReason: "STOP" }] },
      ],
    });
    expect(reply.toolCalls[0]?.invalidArguments).toBe('{"location":"Boston"}');
  });

  it("refuses a piece whose jsonPath names no single place", async () => {
    const bad = [
      geminiPartialStreams.oneCall[0],
      {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ functionCall: { partialArgs: [{ jsonPath: "$..x", stringValue: "a" }] } }],
            },
            finishReason: "STOP",
          },
        ],
      },
    ];
    await expect(play("gemini-generate-content", { events: bad })).rejects.toThrow(
      'the stream is not readable: parts[1].functionCall.partialArgs[0]: cannot read "$..x" from "..x"',
    );
  });
});
