import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../runtime/clock.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import { ANTHROPIC_VERSION, type AnthropicMessagesOptions, anthropicMessages } from "./anthropic-messages.js";
import { openaiChat } from "./openai-chat.js";
import { openaiResponses } from "./openai-responses.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request = { system: undefined, messages: [], tools: [], constraint: "none" as const };

describe("openaiChat", () => {
  describe("when options are wrong", () => {
    it.each([
      [
        { baseUrl: "api.openai.com", model: "m" },
        'openaiChat: `baseUrl` must be an http(s) URL, got "api.openai.com"',
      ],
      [{ baseUrl: "http://x/v1", model: "" }, 'openaiChat: `model` must be a non-empty string, got ""'],
      [
        { baseUrl: "http://x/v1", model: "m", timeoutMs: 0 },
        "openaiChat: `timeoutMs` must be a positive number, got 0",
      ],
    ])("throws a TypeError naming the option (%o)", (options, message) => {
      expect(() => openaiChat(options)).toThrow(new TypeError(message));
    });
  });

  describe("when it sends", () => {
    it("posts to /chat/completions with a bearer key and decodes the reply", async () => {
      server = await ScriptedModelServer.start({ script: [{ text: "hi" }], apiKey: "k1" });
      const client = openaiChat({ baseUrl: `${server.openaiBaseUrl}/`, apiKey: "k1", model: "m" });
      const reply = await client.send(client.encode(request));
      expect(reply.text).toBe("hi");
      expect(server.requests[0]?.path).toBe("/v1/chat/completions");
      expect(server.requests[0]?.headers.authorization).toBe("Bearer k1");
      expect(client.provider).toBe("openai-chat");
    });

    it("retries a 429 and then succeeds", async () => {
      server = await ScriptedModelServer.start({
        script: [{ status: 429, headers: { "retry-after": "1" } }, { text: "after wait" }],
      });
      const clock = manualClock();
      const client = openaiChat({ baseUrl: server.openaiBaseUrl, model: "m", clock });
      expect((await client.send(client.encode(request))).text).toBe("after wait");
      expect(clock.sleeps).toEqual([1_000]);
    });
  });
});

describe("openaiResponses", () => {
  describe("when it sends", () => {
    it("posts to /responses", async () => {
      server = await ScriptedModelServer.start({
        script: [{ toolCalls: [{ id: "c", name: "t", input: { a: 1 } }] }],
      });
      const client = openaiResponses({ baseUrl: server.openaiBaseUrl, model: "m" });
      const reply = await client.send(client.encode(request));
      expect(reply.toolCalls).toEqual([{ id: "c", name: "t", input: { a: 1 } }]);
      expect(server.requests[0]?.path).toBe("/v1/responses");
    });
  });
});

describe("anthropicMessages", () => {
  describe("when it sends", () => {
    it("posts to /v1/messages with x-api-key and anthropic-version", async () => {
      server = await ScriptedModelServer.start({ script: [{ text: "hello" }], apiKey: "ak" });
      const client = anthropicMessages({ baseUrl: server.anthropicBaseUrl, apiKey: "ak", model: "claude" });
      expect((await client.send(client.encode(request))).text).toBe("hello");
      expect(server.requests[0]?.headers["x-api-key"]).toBe("ak");
      expect(server.requests[0]?.headers["anthropic-version"]).toBe(ANTHROPIC_VERSION);
      expect(server.requests[0]?.json).toEqual({ model: "claude", max_tokens: 4096, messages: [] });
    });
  });

  describe("when the key is missing", () => {
    it("throws a TypeError", () => {
      const withoutKey: { model: string } = { model: "m" };
      expect(() => anthropicMessages(withoutKey as AnthropicMessagesOptions)).toThrow(
        new TypeError("anthropicMessages: `apiKey` must be a string"),
      );
    });
  });
});
