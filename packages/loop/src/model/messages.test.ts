import { describe, expect, it } from "vitest";
import type { ModelRequest } from "./model-client.js";
import { openaiChatCodec } from "../providers/openai-chat.js";
import { resultText } from "../providers/result-text.js";
import { type Message, messageText } from "./messages.js";

const twoParts = [
  { type: "text", text: "ab" },
  { type: "image", data: "AAAA", mediaType: "image/png" },
  { type: "text", text: "cd" },
] as const;

describe("messageText", () => {
  it.each<[string, Message, string]>([
    ["a user message", { role: "user", parts: twoParts }, "abcd"],
    ["an assistant message", { role: "assistant", text: "done", toolCalls: [] }, "done"],
    [
      "a tool-results message",
      {
        role: "tool",
        results: [
          { callId: "1", name: "a", parts: twoParts, isError: false, retention: "default" },
          {
            callId: "2",
            name: "b",
            parts: [{ type: "text", text: "ef" }],
            isError: false,
            retention: "default",
          },
        ],
      },
      "abcdef",
    ],
  ])("concatenates the text parts of %s with no separator", (_, message, expected) => {
    expect(messageText(message)).toBe(expected);
  });
});

describe("resultText", () => {
  it("joins a tool result's text parts with a newline, as ToolOutput's text does", () => {
    expect(resultText(twoParts)).toBe("ab\ncd");
  });
});

describe("openaiChatCodec", () => {
  it("sends a text-only user message as its parts concatenated", () => {
    const request: ModelRequest = {
      system: undefined,
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "ab" },
            { type: "text", text: "cd" },
          ],
        },
      ],
      tools: [],
      constraint: "none",
    };
    const body = openaiChatCodec.encode(request, { model: "m", maxTokens: undefined });
    expect(JSON.stringify(body)).toBe('{"model":"m","messages":[{"role":"user","content":"abcd"}]}');
  });
});
