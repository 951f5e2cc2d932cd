import type { ToolSchema } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sequentialIds } from "../runtime/id-gen.js";
import type { Message } from "../model/messages.js";
import type { ModelRequest } from "../model/model-client.js";
import { anthropicMessagesCodec } from "./anthropic-messages.js";
import { openaiChatCodec } from "./openai-chat.js";
import { openaiResponsesCodec } from "./openai-responses.js";

const echoSchema: ToolSchema = {
  tool: "echo",
  description: "Echoes v.",
  input_schema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: { v: { type: "string" }, n: { type: "integer" } },
    required: ["v"],
  },
};

const conversation: Message[] = [
  { role: "user", parts: [{ type: "text", text: "go" }] },
  { role: "assistant", text: "", toolCalls: [{ id: "c1", name: "echo", input: { v: "a" } }] },
  {
    role: "tool",
    results: [
      {
        callId: "c1",
        name: "echo",
        parts: [
          { type: "text", text: "bad" },
          { type: "image", data: "iVBORw==", mediaType: "image/png" },
        ],
        isError: true,
        retention: "default",
      },
    ],
  },
];

const request = (constraint: "none" | "strict"): ModelRequest => ({
  system: "Be brief.",
  messages: conversation,
  tools: [echoSchema],
  constraint,
});
const ctx = { model: "m", maxTokens: undefined };

describe("openaiChatCodec", () => {
  describe("when encoding tool calls, an error result with an image, and strict mode", () => {
    it("writes the Chat Completions shape with the image in a following user message", () => {
      expect(JSON.stringify(openaiChatCodec.encode(request("strict"), ctx))).toBe(
        '{"model":"m","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"go"},' +
          '{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"echo","arguments":"{\\"v\\":\\"a\\"}"}}]},' +
          '{"role":"tool","tool_call_id":"c1","content":"bad"},' +
          '{"role":"user","content":[{"type":"text","text":"Images from echo (c1):"},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw=="}}]}],' +
          '"tools":[{"type":"function","function":{"name":"echo","description":"Echoes v.","parameters":{"type":"object","properties":{"v":{"type":"string"},"n":{"type":["integer","null"]}},"required":["v","n"],"additionalProperties":false},"strict":true}}]}',
      );
    });
  });

  describe("when decoding a reply", () => {
    it("reads text, calls, usage, and keeps malformed arguments raw", () => {
      const reply = openaiChatCodec.decode(
        {
          choices: [
            {
              message: {
                content: "hi",
                tool_calls: [
                  { id: "x", type: "function", function: { name: "echo", arguments: '{"v":"1"}' } },
                  { type: "function", function: { name: "echo", arguments: "{oops" } },
                ],
              },
              finish_reason: "tool_calls",
            },
          ],
          usage: { prompt_tokens: 7, completion_tokens: 3 },
        },
        sequentialIds(),
      );
      expect(reply).toEqual({
        text: "hi",
        toolCalls: [
          { id: "x", name: "echo", input: { v: "1" } },
          { id: "call_1", name: "echo", input: {}, invalidArguments: "{oops" },
        ],
        finishReason: "tool-calls",
        stopReason: "tool_calls",
        usage: {
          inputTokens: 7,
          outputTokens: 3,
          cachedInputTokens: 0,
          cacheWriteTokens: 0,
          reasoningTokens: 0,
        },
      });
    });

    it("throws naming the path when the shape is wrong", () => {
      expect(() => openaiChatCodec.decode({ choices: "no" }, sequentialIds())).toThrow(
        "`choices` must be an array",
      );
    });
  });
});

describe("openaiResponsesCodec", () => {
  describe("when encoding", () => {
    it("writes instructions, input items, and an image result as an output array", () => {
      expect(JSON.stringify(openaiResponsesCodec.encode(request("none"), ctx))).toBe(
        '{"model":"m","instructions":"Be brief.","input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"go"}]},' +
          '{"type":"function_call","call_id":"c1","name":"echo","arguments":"{\\"v\\":\\"a\\"}"},' +
          '{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"bad"},{"type":"input_image","image_url":"data:image/png;base64,iVBORw=="}]}],' +
          '"tools":[{"type":"function","name":"echo","description":"Echoes v.","parameters":{"type":"object","properties":{"v":{"type":"string"},"n":{"type":"integer"}},"required":["v"]},"strict":false}],"store":false}',
      );
    });
  });

  describe("when decoding", () => {
    it("joins output_text parts and reads function calls", () => {
      const reply = openaiResponsesCodec.decode(
        {
          status: "completed",
          output: [
            { type: "reasoning", summary: [] },
            {
              type: "message",
              content: [
                { type: "output_text", text: "a" },
                { type: "output_text", text: "b" },
              ],
            },
            { type: "function_call", call_id: "k", name: "echo", arguments: '{"v":"z"}' },
          ],
          usage: { input_tokens: 1, output_tokens: 2 },
        },
        sequentialIds(),
      );
      expect(reply).toEqual({
        text: "ab",
        toolCalls: [{ id: "k", name: "echo", input: { v: "z" } }],
        reasoning: [
          {
            type: "reasoning",
            text: "",
            provider: "openai-responses",
            data: { type: "reasoning", summary: [] },
            callsBefore: 0,
          },
        ],
        finishReason: "tool-calls",
        stopReason: "tool_calls",
        usage: {
          inputTokens: 1,
          outputTokens: 2,
          cachedInputTokens: 0,
          cacheWriteTokens: 0,
          reasoningTokens: 0,
        },
      });
    });
  });
});

describe("anthropicMessagesCodec", () => {
  describe("when encoding", () => {
    it("writes tool_use, tool_result with is_error and an image block, and merges roles", () => {
      const withNote: ModelRequest = {
        ...request("none"),
        messages: [...conversation, { role: "user", parts: [{ type: "text", text: "note" }] }],
      };
      // Cache breakpoints (on by default) are tested in model-options.test.ts.
      const settings = { cache: "off" } as const;
      expect(
        JSON.stringify(anthropicMessagesCodec.encode(withNote, { model: "m", maxTokens: 100, settings })),
      ).toBe(
        '{"model":"m","max_tokens":100,"system":"Be brief.","messages":[{"role":"user","content":[{"type":"text","text":"go"}]},' +
          '{"role":"assistant","content":[{"type":"tool_use","id":"c1","name":"echo","input":{"v":"a"}}]},' +
          '{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":[{"type":"text","text":"bad"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw=="}}],"is_error":true},{"type":"text","text":"note"}]}],' +
          '"tools":[{"name":"echo","description":"Echoes v.","input_schema":{"type":"object","properties":{"v":{"type":"string"},"n":{"type":"integer"}},"required":["v"]}}]}',
      );
    });
  });

  describe("when decoding", () => {
    it("reads text and tool_use blocks", () => {
      const reply = anthropicMessagesCodec.decode(
        {
          content: [
            { type: "text", text: "ok" },
            { type: "tool_use", id: "t", name: "echo", input: { v: "q" } },
          ],
          stop_reason: "tool_use",
          usage: { input_tokens: 4, output_tokens: 5 },
        },
        sequentialIds(),
      );
      expect(reply).toEqual({
        text: "ok",
        toolCalls: [{ id: "t", name: "echo", input: { v: "q" } }],
        finishReason: "tool-calls",
        stopReason: "tool_use",
        usage: {
          inputTokens: 4,
          outputTokens: 5,
          cachedInputTokens: 0,
          cacheWriteTokens: 0,
          reasoningTokens: 0,
        },
      });
    });
  });
});

const text = fc.string({ maxLength: 20 });
const part = fc.oneof(
  text.map((t) => ({ type: "text" as const, text: t })),
  fc.constant({ type: "image" as const, data: "AAAA", mediaType: "image/png" }),
);
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)));
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant("user" as const), parts: fc.array(part, { maxLength: 3 }) }),
  fc.record({
    role: fc.constant("assistant" as const),
    text,
    toolCalls: fc.array(fc.record({ id: text, name: text, input: json }), { maxLength: 3 }),
  }),
  fc.record({
    role: fc.constant("tool" as const),
    results: fc.array(
      fc.record({
        callId: text,
        name: text,
        parts: fc.array(part, { maxLength: 3 }),
        isError: fc.boolean(),
        retention: fc.constantFrom("default" as const, "requery" as const, "durable" as const),
      }),
      { maxLength: 3 },
    ),
  }),
);

describe.each([openaiChatCodec, openaiResponsesCodec, anthropicMessagesCodec])("$provider codec", (codec) => {
  describe("when the same conversation is encoded twice", () => {
    it("gives identical bytes, valid JSON and no undefined", () => {
      fc.assert(
        fc.property(
          fc.array(message, { maxLength: 6 }),
          fc.option(text, { nil: undefined }),
          fc.constantFrom("none" as const, "strict" as const),
          (messages, system, constraint) => {
            const req: ModelRequest = { system, messages, tools: [echoSchema], constraint };
            const a = JSON.stringify(codec.encode(req, ctx));
            const b = JSON.stringify(codec.encode(structuredClone(req), ctx));
            expect(a).toBe(b);
            expect(JSON.stringify(JSON.parse(a))).toBe(a);
            expect(a).not.toContain("undefined");
          },
        ),
      );
    });
  });
});
