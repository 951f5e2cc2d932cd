import { strictSchema } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../model/model-client.js";
import { anthropicMessages } from "./anthropic-messages.js";
import { geminiGenerateContent } from "./gemini-generate-content.js";
import { geminiSchema } from "./gemini-schema.js";
import { openaiChat } from "./openai-chat.js";
import { openaiResponses } from "./openai-responses.js";

const base = { baseUrl: "http://127.0.0.1:9/v1", model: "m" };
const request: ModelRequest = {
  system: undefined,
  messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }],
  tools: [{ tool: "echo", description: "Echoes.", input_schema: { type: "object", properties: {} } }],
  constraint: "none",
  sessionId: "s-1",
};

describe("model options", () => {
  describe("when a field is wrong", () => {
    it.each([
      [{ temperature: -1 }, "openaiChat: `temperature` must be a number >= 0, got -1"],
      [{ maxOutputTokens: 1.5 }, "openaiChat: `maxOutputTokens` must be a positive integer, got 1.5"],
      [
        { toolChoice: "any" },
        'openaiChat: `toolChoice` must be "auto", "required", "none" or { name }, got "any"',
      ],
      [{ parallelToolCalls: "no" }, 'openaiChat: `parallelToolCalls` must be a boolean, got "no"'],
      [
        { reasoning: { effort: "max" } },
        'openaiChat: `reasoning.effort` must be one of minimal, low, medium, high, got "max"',
      ],
      [{ extraBody: [] }, "openaiChat: `extraBody` must be an object of body fields, got []"],
      [{ stream: 1 }, "openaiChat: `stream` must be a boolean, got 1"],
      [
        { promptCacheKey: "" },
        'openaiChat: `promptCacheKey` must be a non-empty string or a boolean, got ""',
      ],
      [{ promptCacheKey: 1 }, "openaiChat: `promptCacheKey` must be a non-empty string or a boolean, got 1"],
    ])("throws naming it (%j)", (extra, message) => {
      expect(() => openaiChat({ ...base, ...(extra as object) })).toThrow(message);
    });

    it("refuses an Anthropic thinking budget under 1024", () => {
      expect(() => anthropicMessages({ apiKey: "k", model: "m", thinking: { budgetTokens: 512 } })).toThrow(
        "anthropicMessages: `thinking.budgetTokens` must be an integer >= 1024, got 512",
      );
    });
  });

  describe("when extraBody names a field the client writes", () => {
    it("wins, and new fields follow in their given order", () => {
      const client = openaiChat({
        ...base,
        temperature: 0.5,
        extraBody: { temperature: 1, zeta: 1, alpha: 2 },
      });
      expect(client.encode(request)).toMatch(/"temperature":1,"zeta":1,"alpha":2}$/);
    });
  });

  describe("when promptCacheKey is true", () => {
    it("sends the loop's session id", () => {
      expect(JSON.parse(openaiChat({ ...base, promptCacheKey: true }).encode(request)).prompt_cache_key).toBe(
        "s-1",
      );
    });
  });

  describe("when promptCacheKey is left out", () => {
    const key = (client: { encode(r: ModelRequest): string }) =>
      JSON.parse(client.encode(request)).prompt_cache_key as unknown;

    it("sends the session id to OpenAI's own API, Chat and Responses alike", () => {
      const openai = { baseUrl: "https://API.openai.com/v1", model: "m" };
      expect(key(openaiChat(openai))).toBe("s-1");
      expect(key(openaiResponses(openai))).toBe("s-1");
    });

    it("sends nothing to another server, which may refuse a field it does not know", () => {
      expect(key(openaiChat(base))).toBeUndefined();
      expect(key(openaiChat({ ...base, baseUrl: "https://api.openai.com.evil.test/v1" }))).toBeUndefined();
      expect(key(openaiResponses(base))).toBeUndefined();
    });

    it("can be switched off for OpenAI with false, and on for another server with true", () => {
      expect(
        key(openaiChat({ baseUrl: "https://api.openai.com/v1", model: "m", promptCacheKey: false })),
      ).toBe(undefined);
      expect(key(openaiChat({ ...base, promptCacheKey: true }))).toBe("s-1");
    });
  });

  describe("when Anthropic's cache is left out", () => {
    const encode = (cache?: "auto" | "off") =>
      JSON.parse(
        anthropicMessages({ apiKey: "k", model: "m", ...(cache ? { cache } : {}) }).encode({
          ...request,
          system: "Be brief.",
        }),
      );

    it('marks the last tool, the system prompt and the newest user turn, as "auto" does', () => {
      const body = encode();
      expect(body).toEqual(encode("auto"));
      expect(body.tools.at(-1).cache_control).toEqual({ type: "ephemeral" });
      expect(body.system).toEqual([
        { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
      ]);
      expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: "ephemeral" });
    });

    it('sends no breakpoint with "off"', () => {
      expect(JSON.stringify(encode("off"))).not.toContain("cache_control");
    });
  });

  describe("when Anthropic thinks with a temperature set", () => {
    it("leaves the temperature out and adds the budget to max_tokens", () => {
      const body = JSON.parse(
        anthropicMessages({
          apiKey: "k",
          model: "m",
          maxTokens: 100,
          temperature: 0.3,
          thinking: { budgetTokens: 2000 },
        }).encode(request),
      );
      expect(body.temperature).toBeUndefined();
      expect(body.max_tokens).toBe(2100);
      expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 2000 });
    });
  });

  describe("when streaming Gemini", () => {
    it("posts to streamGenerateContent with alt=sse", async () => {
      let url = "";
      const client = geminiGenerateContent({
        baseUrl: "http://127.0.0.1:9",
        apiKey: "k",
        model: "gemini-2.5-flash",
        stream: true,
        retry: { attempts: 1 },
        fetch: async (input) => {
          url = String(input);
          throw new Error("offline");
        },
      });
      await expect(client.send(client.encode(request))).rejects.toThrow("network error: offline");
      expect(url).toBe("http://127.0.0.1:9/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    });
  });
});

describe("geminiSchema", () => {
  describe("when a schema uses keywords Gemini rejects", () => {
    it("reduces it to the accepted subset", () => {
      expect(
        geminiSchema({
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          additionalProperties: false,
          properties: {
            a: { type: ["string", "null"], description: "A." },
            b: { const: "x" },
            c: { oneOf: [{ type: "integer" }, { type: "null" }] },
            d: { type: "array", items: { type: "object", properties: {}, additionalProperties: false } },
          },
          required: ["a"],
        }),
      ).toEqual({
        type: "object",
        properties: {
          a: { type: "string", nullable: true, description: "A." },
          b: { enum: ["x"], type: "string" },
          c: { nullable: true, type: "integer" },
          d: { type: "array", items: { type: "object", properties: {} } },
        },
        required: ["a"],
      });
    });
  });

  describe("when given any strict schema", () => {
    it("is deterministic and leaves no rejected keyword", () => {
      const leaf = fc.constantFrom(
        { type: "string" },
        { type: "integer" },
        { type: "boolean" },
        { const: 3 },
      );
      const schema = fc
        .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), leaf, { maxKeys: 5 })
        .map((properties) => ({
          type: "object",
          properties,
        }));
      fc.assert(
        fc.property(schema, (s) => {
          const strict = strictSchema(s);
          const a = JSON.stringify(geminiSchema(strict));
          expect(a).toBe(JSON.stringify(geminiSchema(structuredClone(strict))));
          expect(a).not.toMatch(/"(additionalProperties|\$schema|const|oneOf)"/);
          expect(a).not.toContain('"null"');
        }),
      );
    });
  });
});
